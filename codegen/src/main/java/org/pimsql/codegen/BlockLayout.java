package org.pimsql.codegen;

import java.util.List;

/**
 * A fixed-size block of fields: a NULL bitmap at {@code bitmapOffset} ({@code bitmapBytes} long) then the
 * fields at their natural alignment. {@code bytes} is a multiple of 8.
 */
public record BlockLayout(int bytes, int bitmapOffset, int bitmapBytes, List<FieldLayout> fields) {
    public BlockLayout {
        fields = List.copyOf(fields);
    }

    public FieldLayout field(String name) {
        for (FieldLayout f : fields) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        throw new IllegalArgumentException("no field " + name);
    }
}
