/**
 * Expert notes, Wireshark style: how every stage reports what is wrong or worth knowing in its input, instead of
 * throwing. {@link org.kwire.expert.ExpertItem} registers every kind of note kwire makes once, as Wireshark registers
 * its {@code ei_register_info} array (epan/expert.h): a stable id ({@code layer.subject.what}, e.g.
 * {@code kafka.frame.size_invalid}), a {@link org.kwire.expert.Severity} and an {@link org.kwire.expert.ExpertGroup}
 * (Wireshark's {@code PI_*} severities and groups, epan/proto.h) and a one-line summary.
 * {@link org.kwire.expert.ExpertNote} is one occurrence: its item, the capture frame (packet) number, the byte offset
 * in the frame or stream its context names, the context ({@code "stream 3 client->broker"}) and a sentence with the
 * occurrence's details.
 *
 * <h2>Contract</h2>
 * Ids never change meaning and are never reused: they are the keys of the report's {@code expert} counts and what tests
 * and users match on (a new kind of note gets a new id; docs/GUIDE.md's "Expert items" table lists every one, and a test
 * checks that it does). A message's wording may change; its item does not. Reports written before items had ids
 * counted by {@code severity/group}: {@link org.kwire.expert.ExpertItem#severityOfKey} still reads those keys.
 *
 * <h2>Threads, errors</h2>
 * Enums and an immutable record: thread-safe. Nothing here throws on a report's keys: an id kwire does not register
 * (a report of another version) is {@code null} from {@link org.kwire.expert.ExpertItem#byId}.
 *
 * <h2>API status</h2>
 * Part of the public API: every type here is exposed by the front door ({@code org.kwire.api.Problem} carries an
 * {@link org.kwire.expert.ExpertItem}, its severity is a {@link org.kwire.expert.Severity}, a dissection tree's nodes
 * carry {@link org.kwire.expert.ExpertNote}s). Items are only added.
 */
package org.kwire.expert;
