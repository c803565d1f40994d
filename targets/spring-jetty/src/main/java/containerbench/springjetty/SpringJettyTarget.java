package containerbench.springjetty;

import containerbench.boot.BootJetty;

/** The login servlet in a Spring Boot 4 service on Boot's embedded Jetty (BootJetty). */
public final class SpringJettyTarget extends BootJetty {

    public SpringJettyTarget() {
        super("spring-jetty");
    }
}
