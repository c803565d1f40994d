package containerbench.spring3jetty;

import containerbench.boot.BootJetty;

/** The login servlet in a Spring Boot 3.5 service on Boot's embedded Jetty (BootJetty). */
public final class Spring3JettyTarget extends BootJetty {

    public Spring3JettyTarget() {
        super("spring3-jetty");
    }
}
