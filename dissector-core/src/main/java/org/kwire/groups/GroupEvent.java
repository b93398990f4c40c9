package org.kwire.groups;

/**
 * One exchange of a group API as the part keeps it, for {@link GroupReplay}: what a rebalance, a member or the
 * group's coordinator is read from. Immutable.
 *
 * @param frame         the frame it is ordered by: its response's last packet (its request's if no response came)
 * @param timeNanos     capture time of that frame, epoch ns
 * @param requestNanos  capture time of its request's last packet, epoch ns
 * @param group         the request's {@code GroupId}, or null (FindCoordinator: its keys are in {@code request})
 * @param apiKey        its ApiKey
 * @param apiVersion    its request's version
 * @param client        the client's endpoint (address:port)
 * @param broker        the broker's endpoint (address:port): the coordinator it asked
 * @param clientId      the request header's client_id, or null
 * @param request       the request's group fields
 * @param response      the response's group fields, null if no response was captured (or it did not decode)
 */
public record GroupEvent(long frame, long timeNanos, long requestNanos, String group, int apiKey, int apiVersion,
                         String client, String broker, String clientId, GroupFacts request, GroupFacts response) {

    /** This event with its frame number mapped. */
    GroupEvent withFrame(long f) {
        return new GroupEvent(f, timeNanos, requestNanos, group, apiKey, apiVersion, client, broker, clientId, request,
                response);
    }

    /** The member the event is of: the response's {@code MemberId} if it gave one, else the request's. */
    String member() {
        String m = response != null && response.memberId() != null && !response.memberId().isEmpty()
                ? response.memberId() : request.memberId();
        return m == null || m.isEmpty() ? null : m;
    }

    /** The response's top-level error code, 0 if none (or no response). */
    int error() {
        return response == null ? 0 : response.errorCode();
    }
}
