package org.pimsql.host.call;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A call as the sequencer sees it: the procedure's canonical name and one canonical host value per
 * parameter (OUT positions null). Arguments are already checked and converted when a request exists.
 */
public record CallRequest(String procedure, List<Object> args) {
    public CallRequest {
        args = Collections.unmodifiableList(new ArrayList<>(args));
    }
}
