package org.mpsdn.web;

import org.onlab.rest.AbstractWebApplication;
import org.onlab.rest.AuthorizationFilter;

import java.util.Set;

/**
 * The mpsdn REST application and its page ({@link UiWebResource}). {@link AuthorizationFilter} requires the
 * viewer role for reads and the admin role for POST, PUT and DELETE.
 */
public class MpsdnWebApplication extends AbstractWebApplication {
    @Override
    public Set<Class<?>> getClasses() {
        return getClasses(ApsWebResource.class, UesWebResource.class, FlowsWebResource.class,
                ParametersWebResource.class, IntentsWebResource.class, MetricsWebResource.class,
                DetectionWebResource.class, UiWebResource.class, AuthorizationFilter.class);
    }
}
