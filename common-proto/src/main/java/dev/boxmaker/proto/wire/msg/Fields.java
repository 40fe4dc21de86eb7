package dev.boxmaker.proto.wire.msg;

/** Checks every message's constructor makes, so no message exists with a missing field. */
public final class Fields {
    private Fields() {
    }

    /** A required field that was absent or null. */
    public static final class Missing extends IllegalArgumentException {
        private final String field;

        Missing(String field) {
            super("\"" + field + "\" is missing", null);
            this.field = field;
        }

        public String field() {
            return field;
        }
    }

    static void require(Object value, String field) {
        if (value == null) {
            throw new Missing(field);
        }
    }

    static void notNegative(long value, String field) {
        if (value < 0) {
            throw new IllegalArgumentException("\"" + field + "\" must not be negative");
        }
    }

    static void maxChars(String value, int max, String field) {
        if (value.codePointCount(0, value.length()) > max) {
            throw new IllegalArgumentException("\"" + field + "\" is longer than " + max + " characters");
        }
    }
}
