package org.mpsdn.lab.host.rest;

import org.osgi.service.component.ComponentContext;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;

/**
 * What OSGi declarative services does for a component, done by reflection: set {@code @Reference}
 * fields, call {@code @Activate}/{@code @Modified} methods with a component context. The one such
 * helper of the lab host (its REST components and the app's components alike).
 */
public final class Components {

    private Components() {
    }

    /**
     * Sets a field (declared in the class or a superclass); a static field when target is a Class.
     *
     * @param target object, or the class for a static field
     * @param name   field name
     * @param value  value
     * @throws ReflectiveOperationException if there is no such field
     */
    public static void set(Object target, String name, Object value) throws ReflectiveOperationException {
        boolean isStatic = target instanceof Class;
        Class<?> start = isStatic ? (Class<?>) target : target.getClass();
        for (Class<?> c = start; c != null; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(name);
                f.setAccessible(true);
                f.set(isStatic ? null : target, value);
                return;
            } catch (NoSuchFieldException e) {
                // try the superclass
            }
        }
        throw new NoSuchFieldException(start.getName() + "." + name);
    }

    /**
     * Reads a field declared in the object's class or a superclass.
     *
     * @param target object
     * @param name   field name
     * @return the field's value
     * @throws ReflectiveOperationException if there is no such field
     */
    public static Object get(Object target, String name) throws ReflectiveOperationException {
        for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(name);
                f.setAccessible(true);
                return f.get(target);
            } catch (NoSuchFieldException e) {
                // try the superclass
            }
        }
        throw new NoSuchFieldException(target.getClass().getName() + "." + name);
    }

    /**
     * Calls a declared method, unwrapping runtime exceptions it throws.
     *
     * @param target object
     * @param name   method name
     * @param types  parameter types
     * @param args   arguments
     * @throws ReflectiveOperationException if there is no such method
     */
    public static void invoke(Object target, String name, Class<?>[] types, Object... args)
            throws ReflectiveOperationException {
        Method m = target.getClass().getDeclaredMethod(name, types);
        m.setAccessible(true);
        try {
            m.invoke(target, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException) {
                throw (RuntimeException) e.getCause();
            }
            throw e;
        }
    }

    /**
     * A component context whose properties are the given values.
     *
     * @param props properties
     * @return the context
     */
    public static ComponentContext context(Map<String, ?> props) {
        Dictionary<String, Object> d = new Hashtable<>(props);
        return (ComponentContext) Proxy.newProxyInstance(
                Components.class.getClassLoader(), new Class<?>[]{ComponentContext.class},
                (proxy, method, args) -> {
                    if ("getProperties".equals(method.getName())) {
                        return d;
                    }
                    if ("toString".equals(method.getName())) {
                        return "LabComponentContext" + props;
                    }
                    return null;
                });
    }
}
