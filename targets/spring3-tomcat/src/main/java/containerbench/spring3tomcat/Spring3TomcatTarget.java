package containerbench.spring3tomcat;

import containerbench.boot.BootTomcat;

/** The login servlet in a Spring Boot 3.5 service on Boot's embedded Tomcat (BootTomcat). */
public final class Spring3TomcatTarget extends BootTomcat {

    public Spring3TomcatTarget() {
        super("spring3-tomcat");
    }
}
