package containerbench.boot;

import containerbench.servlet.LoginServlet;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;

/**
 * A Spring Boot service as its users write one: auto-configuration on, whatever its starters bring
 * (Spring MVC's dispatcher, Boot's filters, Jackson), and the login servlet registered as a servlet at
 * {@code /loginServlet}, so that the servlet is the one every other target serves and what differs is
 * Boot and its embedded server.
 */
@SpringBootApplication
public class LoginApplication {

    @Bean
    ServletRegistrationBean<LoginServlet> loginServlet() {
        return new ServletRegistrationBean<>(new LoginServlet(), LoginServlet.PATH);
    }

    /** Runs it on its own, as {@code java -jar} runs the executable jar each Boot target packages. */
    public static void main(String[] args) {
        org.springframework.boot.SpringApplication.run(LoginApplication.class, args);
    }
}
