package containerbench.undertowee;

import containerbench.undertow.UndertowTarget;
import io.undertow.Version;
import io.undertow.servlet.api.DeploymentManager;

/**
 * The login servlet on embedded Undertow's Servlet 6.1 line: undertow-core 2.4 and undertow-ee's
 * servlet implementation, launched as embedded Undertow is ({@link UndertowTarget}, the same knobs).
 */
public final class UndertowEeTarget extends UndertowTarget {

    public UndertowEeTarget() {
        super("undertow-ee");
    }

    /** The core's version and undertow-ee's: {@code 2.4.4.Final (undertow-ee 2.0.0.RC1)}. */
    @Override
    public String version() {
        return Version.getVersionString() + " (undertow-ee " + DeploymentManager.class.getPackage().getImplementationVersion() + ")";
    }
}
