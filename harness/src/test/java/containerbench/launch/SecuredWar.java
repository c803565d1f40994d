package containerbench.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * A WAR that asks for a login, as admin and API applications do: a copy of another whose web.xml
 * also declares a role-based security constraint with HTTP Basic authentication.
 */
final class SecuredWar {

    /** The constraint, the login and the role, inserted before {@code </web-app>}. */
    static final String SECURITY = """
              <security-constraint>
                <web-resource-collection><web-resource-name>protected</web-resource-name><url-pattern>%s</url-pattern></web-resource-collection>
                <auth-constraint><role-name>%s</role-name></auth-constraint>
              </security-constraint>
              <login-config><auth-method>BASIC</auth-method><realm-name>container-bench test</realm-name></login-config>
              <security-role><role-name>%s</role-name></security-role>
            """;

    private SecuredWar() {
    }

    /** {@code war} copied to {@code copy}, its {@code urlPattern} open to {@code role} only. */
    static Path of(Path war, Path copy, String urlPattern, String role) throws IOException {
        Files.createDirectories(copy.getParent());
        try (InputStream file = Files.newInputStream(war); ZipInputStream in = new ZipInputStream(file);
                OutputStream out = Files.newOutputStream(copy); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                zip.putNextEntry(new ZipEntry(entry.getName()));
                byte[] content = in.readAllBytes();
                if (entry.getName().equals("WEB-INF/web.xml")) {
                    String xml = new String(content, StandardCharsets.UTF_8);
                    content = xml.replace("</web-app>", SECURITY.formatted(urlPattern, role, role) + "</web-app>")
                            .getBytes(StandardCharsets.UTF_8);
                }
                zip.write(content);
                zip.closeEntry();
            }
        }
        return copy;
    }
}
