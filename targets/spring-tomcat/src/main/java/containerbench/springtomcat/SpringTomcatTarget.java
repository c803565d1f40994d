package containerbench.springtomcat;

import containerbench.boot.BootTomcat;

/** The login servlet in a Spring Boot 4 service on Boot's embedded Tomcat (BootTomcat). */
public final class SpringTomcatTarget extends BootTomcat {

    public SpringTomcatTarget() {
        super("spring-tomcat");
    }
}
