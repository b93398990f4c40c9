package org.kwire.frame;

import org.kwire.expert.ExpertNote;

/** Receives what a {@link FrameAssembler} cuts from a stream: whole frames and expert notes. */
public interface FrameSink {

    /** A complete frame; its bytes stay valid after the call (the sink may keep them). */
    void onFrame(KafkaFrame frame);

    /** A problem found while framing (bad size prefix, bytes lost, incomplete frame at the end). */
    void onNote(ExpertNote note);
}
