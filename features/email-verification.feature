Feature: E-mail verification
  A new account's address is confirmed by opening the link in the welcome e-mail; until it is, the account
  cannot subscribe to a paid plan. She can ask for a new link at any time, which replaces the earlier one.
  A change of address is confirmed the same way, by a link sent to the new address, and the old address is
  told about it. The rule holds where the server can send e-mail (SMTP_URL); on a server that sends none, no
  link could ever arrive, so checkout does not ask for it.

  Background:
    Given "Rosa" has registered with the e-mail "rosa@example.org" and the password "liberty1"

  Scenario: The link in the welcome e-mail verifies her address
    Then her e-mail address is not verified
    And her welcome e-mail holds a link to verify her address
    When she opens the verification link
    Then she is told "Thank you: your e-mail address is verified."
    And her e-mail address is verified

  Scenario: An unverified address cannot subscribe to a paid plan until it is verified
    Given this server sends e-mail, so checkout asks for a verified address
    When she starts a checkout for the Patriot plan at $29
    Then the checkout is refused with "Please verify your e-mail address before subscribing."
    And she has no paid subscription
    Given she has opened the verification link
    When she starts a checkout for the Patriot plan at $29
    Then she is asked to pay $29 by card

  @no-mail-server
  Scenario: On a server that sends no e-mail, an unverified address can subscribe: no link could reach it
    Given this server sends no e-mail, so checkout asks for no verified address
    When she starts a checkout for the Patriot plan at $29
    Then she is asked to pay $29 by card
    When she pays with a valid card
    And the checkout page reports the payment
    Then the payment is confirmed with 5 new credits: she now has 6
    And her plan is "patriot" with 6 credits
    And her e-mail address is not verified

  Scenario: A new verification link replaces the one in the welcome e-mail
    When she asks for a new verification e-mail
    Then she is told "We have sent a new verification link to rosa@example.org. It works for 24 hours."
    When she opens the verification link of her welcome e-mail
    Then the link is refused with "This verification link is not valid; a newer one may have replaced it. Please sign in and send yourself a new one."
    And her e-mail address is not verified
    When she opens the verification link
    Then her e-mail address is verified

  Scenario: A verification link expires after a day
    Given the links e-mailed to "rosa@example.org" are a day old
    When she opens the verification link
    Then the link is refused with "This verification link has expired. Please sign in and send yourself a new one."
    And her e-mail address is not verified

  Scenario: A verified address needs no new link
    Given she has opened the verification link
    When she asks for a new verification e-mail
    Then the link is refused with "Your e-mail address is already verified."

  Scenario: She moves her account to a new address, confirmed by a link sent there
    When she asks to change her e-mail address to "rosa.parks@example.org" with the password "liberty1"
    Then she is told "We have sent a confirmation link to rosa.parks@example.org. Your address changes when you open it; the link works for 24 hours."
    And "rosa@example.org" has been told by e-mail that the address is changing to "rosa.parks@example.org"
    And her e-mail address is "rosa@example.org"
    When she opens the confirmation link e-mailed to "rosa.parks@example.org"
    Then she is told "Your e-mail address is now rosa.parks@example.org."
    And her e-mail address is "rosa.parks@example.org"
    And her e-mail address is verified
    And "rosa.parks@example.org" can still sign in with the password "liberty1"
    And nobody can sign in as "rosa@example.org" with the password "liberty1"

  Scenario: Changing the address asks for her password
    When she asks to change her e-mail address to "rosa.parks@example.org" with the password "tyranny1"
    Then the change is refused with "The password you entered is incorrect."
    And nothing has been e-mailed to "rosa.parks@example.org"

  Scenario: An address another account took in the meantime is refused, and hers stays
    Given she has asked to change her e-mail address to "rosa.parks@example.org" with the password "liberty1"
    And "Parks" has registered with the e-mail "rosa.parks@example.org" and the password "another1"
    When she opens the confirmation link e-mailed to "rosa.parks@example.org"
    Then the link is refused with "Another account has started using rosa.parks@example.org since you asked for the change, so your e-mail address stays as it was."
    And "rosa@example.org" can still sign in with the password "liberty1"
