Feature: Deleting an account
  A citizen deletes her account from account settings after typing her password again. A paid plan ends at
  Stripe at once, so she is never charged again; her analyses, share links, credits and personal details are
  removed and she is signed out. Only what payment law requires stays: each paid invoice, with nothing that
  leads back to her. Her e-mail address is then free, and a new account on it finds nothing of the old one.

  Background:
    Given "Rosa" has registered with the e-mail "rosa@example.org" and the password "liberty1"

  Scenario: A citizen deletes her account and is signed out
    Given she has analysed pasted text titled "Library levy"
    And she has shared the analysis "Library levy"
    When she deletes her account with the password "liberty1"
    Then her account is gone
    And she is signed out
    And nobody can sign in as "rosa@example.org" with the password "liberty1"
    And a visitor following the link of "Library levy" is told "This analysis is no longer shared"

  Scenario: A wrong password deletes nothing
    Given she has analysed pasted text titled "Library levy"
    When she deletes her account with the password "tyranny1"
    Then the deletion is refused with "The password you entered is incorrect."
    And she is signed in as "Rosa"
    And she can open the analysis "Library levy"

  Scenario: The address opens a new account, which finds nothing of the old one
    Given she has analysed pasted text titled "Library levy"
    And she has deleted her account with the password "liberty1"
    When "Rosa" registers with the e-mail "rosa@example.org" and the password "freedom2"
    Then her plan is "citizen" with 1 credit
    And her analyses list is empty
    And her credit history shows 1 credit granted at sign-up

  Scenario: A paid plan ends at Stripe at once, and its invoice is kept without her
    Given her e-mail address is already verified
    And she has subscribed to the Patriot plan with a valid card
    When she deletes her account with the password "liberty1"
    Then her account is gone
    And her Patriot subscription has ended at Stripe
    And the invoice of her first payment is kept, $29 for Patriot, with no account attached

  Scenario: An administrator's account cannot be deleted this way
    Given "Chief" has registered with the e-mail "chief@civicwatch.test" and the password "liberty1"
    And she has opened the verification link
    When she deletes her account with the password "liberty1"
    Then the deletion is refused with "An administrator's account cannot be deleted. Ask another administrator to revoke your admin role first (an address named by ADMIN_EMAILS must first be removed from it)."
    And she is signed in as "Chief"
