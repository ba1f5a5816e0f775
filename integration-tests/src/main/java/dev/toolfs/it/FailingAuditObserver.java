package dev.toolfs.it;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import dev.toolfs.gates.FsObserved;

/** An app's observer of what sessions saw that fails on one file name: a bug of the app's, after a change was made. */
@ApplicationScoped
public class FailingAuditObserver {

    static final String FAILS_ON = "audited.txt";

    void onObserved(@Observes FsObserved observed) {
        if (observed.path().target().getFileName().toString().equals(FAILS_ON) && observed.version() != null
                && observed.execution().tool().equals("write")) {
            throw new IllegalStateException("the audit log is full");
        }
    }
}
