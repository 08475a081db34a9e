Feature: Signing in and out
  A registered citizen signs in with their e-mail and password and signs out when done.

  Background:
    Given "Rosa" has registered with the e-mail "rosa@example.org" and the password "liberty1"
    And she has signed out

  Scenario: Signing in with the right password
    When she signs in with the e-mail "Rosa@Example.org" and the password "liberty1"
    Then she is signed in as "Rosa"

  Scenario Outline: Signing in is refused with a clear message
    When she signs in with the e-mail "<email>" and the password "<password>"
    Then signing in is refused with "<message>"
    And she is signed out

    Examples:
      | email            | password | message                                |
      | rosa@example.org | wrong-pw | Invalid credentials                    |
      | nobody@nowhere.us | liberty1 | Invalid credentials                   |
      | rosa-at-example  | liberty1 | Please enter a valid email address     |
      | rosa@example.org | 12345    | Password must be at least 6 characters |

  Scenario: Signing out ends the session
    Given she signs in with the e-mail "rosa@example.org" and the password "liberty1"
    When she signs out
    Then she is signed out
