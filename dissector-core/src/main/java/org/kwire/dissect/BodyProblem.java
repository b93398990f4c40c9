package org.kwire.dissect;

import org.kwire.expert.ExpertItem;

/**
 * A problem the {@link Interpreter} met in a message body, as a {@link DissectionVisitor#problem} call reports it,
 * kept as a value until it becomes an expert note (which needs the frame's packet and context).
 *
 * @param offset  absolute index in the frame (the size prefix is at 0)
 * @param item    which problem (a {@code kafka.body.*} item)
 * @param message this occurrence's details
 */
public record BodyProblem(int offset, ExpertItem item, String message) {
}
