package containerbench.servlet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class LoginFormTest {

    @Test
    void parsesTheStudysRequest() throws Exception {
        LoginForm form = LoginForm.parse("username=1&password=1");
        assertEquals(new LoginForm("1", "1"), form);
        assertEquals("username: 1\npassword: 1\n", form.echo());
    }

    @Test
    void decodesPercentEncodingAndPlusAsUtf8() throws Exception {
        assertEquals(new LoginForm("jürgen k", "a&b=c"), LoginForm.parse("password=a%26b%3Dc&username=j%C3%BCrgen+k"));
    }

    @Test
    void ignoresOtherParametersAndEmptyPairs() throws Exception {
        assertEquals(new LoginForm("u", "p"), LoginForm.parse("&x=1&username=u&&password=p&y&"));
    }

    @Test
    void acceptsAValueOfExactlyTheLimit() throws Exception {
        String limit = "a".repeat(LoginForm.MAX_VALUE_LENGTH);
        assertEquals(limit, LoginForm.parse("username=" + limit + "&password=p").username());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "''                                  | missing parameter: username",
        "password=p                          | missing parameter: username",
        "username=u                          | missing parameter: password",
        "username=&password=p                | empty parameter: username",
        "username&password=p                 | empty parameter: username",
        "username=u&password=                | empty parameter: password",
        "username=a&username=b&password=p    | parameter username is given more than once",
        "username=u&password=p&password=p    | parameter password is given more than once",
        "username=%ZZ&password=p             | parameter username has malformed percent-encoding",
        "username=%4&password=p              | parameter username has malformed percent-encoding",
        "username=u&password=%               | parameter password has malformed percent-encoding",
        "username=%C3%28&password=p          | parameter username is not valid UTF-8",
        "username=%FF&password=p             | parameter username is not valid UTF-8",
        "username=a%00b&password=p           | parameter username contains a control character",
        "username=a%0D%0Ab&password=p        | parameter username contains a control character",
        "username=u&password=%7F             | parameter password contains a control character",
        "user%ZZ=u&password=p                | a parameter name has malformed percent-encoding",
        "username=a b&password=p             | parameter username is not percent-encoded ASCII",
        "username=ü&password=p               | parameter username is not percent-encoded ASCII",
    })
    void refusesWithAMessageNamingTheProblem(String form, String message) {
        var error = assertThrows(LoginForm.InvalidFormException.class, () -> LoginForm.parse(form));
        assertEquals(message, error.getMessage());
    }

    @Test
    void refusesAValueOverTheLimitWithoutEchoingIt() {
        String secret = "s".repeat(LoginForm.MAX_VALUE_LENGTH + 1);
        var error = assertThrows(LoginForm.InvalidFormException.class, () -> LoginForm.parse("username=u&password=" + secret));
        assertEquals("parameter password is longer than 256 characters", error.getMessage());
        assertFalse(error.getMessage().contains("sss"));
    }

    @Test
    void countsTheLimitInCharactersAfterDecoding() throws Exception {
        String twoHundredFiftySixUmlauts = "%C3%BC".repeat(LoginForm.MAX_VALUE_LENGTH);
        assertEquals(LoginForm.MAX_VALUE_LENGTH, LoginForm.parse("username=" + twoHundredFiftySixUmlauts + "&password=p").username().length());
    }
}
