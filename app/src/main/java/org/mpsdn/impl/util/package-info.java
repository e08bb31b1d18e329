/**
 * Small helpers shared by the app's components: the one component-property reader and the
 * one {@code host:port} type.
 */
package org.mpsdn.impl.util;
