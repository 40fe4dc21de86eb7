package dev.boxmaker.proto.wire.msg;

import dev.boxmaker.proto.Sentences;

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

    /**
     * A field whose value breaks a check of the record that holds it. It carries the field's name
     * apart from the reason, so the decoder can name the field by its full path.
     */
    public static final class Invalid extends IllegalArgumentException {
        private final String field;
        private final String why;

        Invalid(String field, String why) {
            super("\"" + field + "\" " + why, null);
            this.field = field;
            this.why = why;
        }

        public String field() {
            return field;
        }

        /** The reason, without the field's name: {@code must not be negative}. */
        public String why() {
            return why;
        }
    }

    public static void require(Object value, String field) {
        if (value == null) {
            throw new Missing(field);
        }
    }

    public static void notNegative(long value, String field) {
        if (value < 0) {
            throw new Invalid(field, Sentences.FIELD_NEGATIVE);
        }
    }

    public static void maxChars(String value, int max, String field) {
        if (value.codePointCount(0, value.length()) > max) {
            throw new Invalid(field, Sentences.fieldTooLong(max));
        }
    }
}
