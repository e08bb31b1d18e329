/**
 * JSON codecs of the northbound types. Decoders null-check every field and reject bad input
 * with an {@link java.lang.IllegalArgumentException} whose message starts with the field name
 * (the REST layer turns it into 400 {code, message}).
 */
package org.mpsdn.web.codec;
