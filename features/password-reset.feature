Feature: Password reset
  A citizen who forgot her password asks for a link by e-mail and chooses a new password with it. The link
  works once, for an hour, and a newer link replaces it. Asking tells nobody whether an address has an
  account. A new password, reset or changed in account settings, signs her out on every other device.

  Background:
    Given "Rosa" has registered with the e-mail "rosa@example.org" and the password "liberty1"
    And she has signed out

  Scenario: She chooses a new password with the link e-mailed to her
    When she asks for a password reset link for "Rosa@Example.org"
    Then she is told "If an account uses this e-mail address, we have sent it a link to choose a new password. The link works for one hour."
    And a password reset link has been e-mailed to "rosa@example.org"
    When she opens the link e-mailed to "rosa@example.org" and chooses the password "freedom22"
    Then "rosa@example.org" can still sign in with the password "freedom22"
    And nobody can sign in as "rosa@example.org" with the password "liberty1"
    And she has been told by e-mail at "rosa@example.org" that her password was changed

  Scenario: An address without an account gets the same answer and no e-mail
    When she asks for a password reset link for "nobody@example.org"
    Then she is told "If an account uses this e-mail address, we have sent it a link to choose a new password. The link works for one hour."
    And nothing has been e-mailed to "nobody@example.org"

  Scenario: A reset link works only once
    Given she has asked for a password reset link for "rosa@example.org"
    And she has opened the link e-mailed to "rosa@example.org" and chosen the password "freedom22"
    When she opens the link e-mailed to "rosa@example.org" and chooses the password "takeover9"
    Then the reset is refused with "This password reset link has already been used. Please ask for a new one with \"Forgot password?\" on the sign-in page."
    And "rosa@example.org" can still sign in with the password "freedom22"

  Scenario: A reset link expires after an hour
    Given she has asked for a password reset link for "rosa@example.org"
    And the links e-mailed to "rosa@example.org" are an hour old
    When she opens the link e-mailed to "rosa@example.org" and chooses the password "freedom22"
    Then the reset is refused with "This password reset link has expired. Please ask for a new one with \"Forgot password?\" on the sign-in page."
    And "rosa@example.org" can still sign in with the password "liberty1"

  Scenario: A newer link replaces the one before it
    Given she has asked for a password reset link for "rosa@example.org"
    And she has asked for a password reset link for "rosa@example.org"
    When she opens the first link e-mailed to "rosa@example.org" and chooses the password "freedom22"
    Then the reset is refused with "This password reset link is not valid; a newer one may have replaced it. Please ask for a new one with \"Forgot password?\" on the sign-in page."
    When she opens the link e-mailed to "rosa@example.org" and chooses the password "freedom22"
    Then "rosa@example.org" can still sign in with the password "freedom22"

  Scenario: A reset signs her out on every other device
    Given she has signed in on her laptop with the e-mail "rosa@example.org" and the password "liberty1"
    And she has asked for a password reset link for "rosa@example.org"
    When she opens the link e-mailed to "rosa@example.org" and chooses the password "freedom22"
    Then her laptop is signed out

  Scenario: She changes her password in account settings and her other devices are signed out
    Given she signs in with the e-mail "rosa@example.org" and the password "liberty1"
    And she has signed in on her laptop with the e-mail "rosa@example.org" and the password "liberty1"
    When she changes her password from "liberty1" to "freedom22"
    Then her laptop is signed out
    And she is signed in as "Rosa"
    And "rosa@example.org" can still sign in with the password "freedom22"
    And she has been told by e-mail at "rosa@example.org" that her password was changed

  Scenario: Changing the password asks for the current one
    Given she signs in with the e-mail "rosa@example.org" and the password "liberty1"
    And she has signed in on her laptop with the e-mail "rosa@example.org" and the password "liberty1"
    When she changes her password from "tyranny1" to "freedom22"
    Then the change is refused with "The password you entered is incorrect."
    And her laptop is still signed in
    And "rosa@example.org" can still sign in with the password "liberty1"
