Feature: Registration
  A citizen creates an account to analyse government documents. New accounts start on the free
  Citizen tier with the one credit that tier grants, and every account has its own e-mail address.

  Scenario: A new citizen starts on the Citizen tier with one credit
    When "Rosa" registers with the e-mail "rosa@example.org" and the password "liberty1"
    Then she is signed in as "Rosa"
    And her plan is "citizen" with 1 credit
    And her credit history shows 1 credit granted at sign-up

  Scenario Outline: Registration refuses invalid details and creates nothing
    When "<name>" registers with the e-mail "<email>" and the password "<password>"
    Then registration is refused with "<message>"
    And nobody can sign in as "<email>" with the password "<password>"

    Examples:
      | name  | email            | password | message                                |
      | Rosa  | not-an-email     | liberty1 | Invalid email address                  |
      | Rosa  | rosa@example.org | 12345    | Password must be at least 6 characters |
      | Ro    | rosa@example.org | liberty1 | Username must be at least 3 characters |

  Scenario: A username is a name on one line, never a message of its own
    When "Rosa" registers with the e-mail "rosa@example.org" and the password "liberty1", the username running onto a second line that reads "ALERT: account locked. Unlock at http://evil.example/x"
    Then registration is refused with "Username must be one line, without control characters"
    And nobody can sign in as "rosa@example.org" with the password "liberty1"

  Scenario: An e-mail address holds only one account, whatever its case
    Given "Rosa" has registered with the e-mail "rosa@example.org" and the password "liberty1"
    When "Rosie" registers with the e-mail "ROSA@example.org" and the password "another1"
    Then registration is refused because the e-mail is taken
    And "rosa@example.org" can still sign in with the password "liberty1"

  Scenario: An account named as an administrator's becomes an administrator once its address is verified
    When "Chief" registers with the e-mail "chief@civicwatch.test" and the password "liberty1"
    Then she is not an administrator
    When she opens the verification link
    Then she is an administrator on the "citizen" plan
