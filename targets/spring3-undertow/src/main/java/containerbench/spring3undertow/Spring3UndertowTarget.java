package containerbench.spring3undertow;

import containerbench.boot.BootUndertow;

/** The login servlet in a Spring Boot 3.5 service on Boot's embedded Undertow (BootUndertow). */
public final class Spring3UndertowTarget extends BootUndertow {

    public Spring3UndertowTarget() {
        super("spring3-undertow");
    }
}
