Feature: Administration
  Administrators look after CivicWatch: the AI prompts, the accounts with their plans and credits, promo
  codes, the plans themselves, and refunds. Being an administrator is a role on an account, never a plan:
  the accounts ADMIN_EMAILS names get it once their address is verified (whoever registers such an address
  first need not own it), and the first of them is the main administrator, who can never be deleted. Citizens cannot use any of it. Every administrative action is written in the audit log with who
  did it and the values before and after. The command line (`civicwatch`) offers the same actions to
  whoever runs the server.

  Background:
    Given the main administrator "Chief" has signed in
    And "Rosa" has registered with the e-mail "rosa@example.org" and the password "liberty1"
    And she has opened the verification link

  # ---- Who may administer: the API's guard (the use cases trust their caller)

  @http-only
  Scenario Outline: A citizen is refused every administrative action, and nothing changes
    When she tries to <action> as an administrator
    Then she is refused with status 403 and "You don't have admin permissions."
    And her plan is "citizen" with 1 credit
    And the audit log is empty

    Examples:
      | action                                           |
      | read the AI prompts                              |
      | save the paid prompt                             |
      | list the accounts                                |
      | put herself on the Defender plan with 50 credits |
      | delete the main administrator                    |
      | create a promo code                              |
      | list the promo codes                             |
      | read the system stats                            |
      | change the Patriot plan                          |
      | read the audit log                               |
      | refund a payment                                 |

  @http-only
  Scenario Outline: Signed out, every administrative action asks to sign in first
    Given she has signed out
    When she tries to <action> as an administrator
    Then she is refused with status 401 and "Unauthorized"
    And the audit log is empty

    Examples:
      | action                                           |
      | read the AI prompts                              |
      | save the paid prompt                             |
      | list the accounts                                |
      | put herself on the Defender plan with 50 credits |
      | delete the main administrator                    |
      | create a promo code                              |
      | list the promo codes                             |
      | read the system stats                            |
      | change the Patriot plan                          |
      | read the audit log                               |
      | refund a payment                                 |

  @http-only
  Scenario: Registering an administrator's address gives no admin rights until the address is verified
    Given "Mallory" has registered with the e-mail "deputy@civicwatch.test" and the password "liberty1"
    Then she is not an administrator
    When she tries to read the system stats as an administrator
    Then she is refused with status 403 and "You don't have admin permissions."
    When she tries to list the accounts as an administrator
    Then she is refused with status 403 and "You don't have admin permissions."
    When she opens the verification link
    And she tries to read the system stats as an administrator
    Then she is shown the system stats

  @http-only
  Scenario: An administrator whose role is revoked loses access at once, in the session she already has
    Given "Dana" has registered with the e-mail "dana@example.org" and the password "liberty1"
    And "Dana" has been made an administrator on the command line
    When she tries to read the system stats as an administrator
    Then she is shown the system stats
    When the admin role is taken from "Dana" on the command line
    And she tries to read the system stats as an administrator
    Then she is refused with status 403 and "You don't have admin permissions."

  # ---- The AI prompts

  @cli
  Scenario: The administrator rewrites the paid prompt; a paid prompt without {{STATE}} and {{COUNTRY}} is refused
    Given the paid prompt is the one CivicWatch ships with
    When the administrator saves the paid prompt "Watch {{STATE}}, {{COUNTRY}}: check the document against both constitutions."
    Then the paid prompt reads "Watch {{STATE}}, {{COUNTRY}}: check the document against both constitutions."
    When the administrator saves the paid prompt "Watch {{STATE}}: check the document against its constitution."
    Then the administrator is refused with "The paid prompt must contain {{STATE}} and {{COUNTRY}}"
    When the administrator saves the paid prompt "Watch {{COUNTRY}}: check the document against its constitution."
    Then the administrator is refused with "The paid prompt must contain {{STATE}} and {{COUNTRY}}"
    And the paid prompt reads "Watch {{STATE}}, {{COUNTRY}}: check the document against both constitutions."
    And the free prompt is the one CivicWatch ships with
    And the summary prompt is the one CivicWatch ships with
    And the audit log shows the administrator replaced the shipped paid prompt with "Watch {{STATE}}, {{COUNTRY}}: check the document against both constitutions."

  @cli
  Scenario: The free and summary prompts need no placeholders, but no prompt may be empty
    When the administrator saves the free prompt "Explain the document to a citizen in plain words."
    Then the free prompt reads "Explain the document to a citizen in plain words."
    When the administrator saves the summary prompt "   "
    Then the administrator is refused with "A prompt cannot be empty"
    And the summary prompt is the one CivicWatch ships with

  # ---- Plans and credits of an account

  @cli
  Scenario: The administrator moves a citizen between plans, her balance set through the credit history
    When the administrator puts "Rosa" on the Patriot plan with 5 credits
    Then her plan is "patriot" with 5 credits
    When the administrator puts "Rosa" on the Defender plan with 50 credits
    Then her plan is "defender" with 50 credits
    When the administrator puts "Rosa" on the Citizen plan with 1 credit
    Then her plan is "citizen" with 1 credit
    And her credit history reads:
      | reason           | delta | balance |
      | signup_grant     | 1     | 1       |
      | admin_adjustment | 4     | 5       |
      | admin_adjustment | 45    | 50      |
      | admin_adjustment | -49   | 1       |

  @cli
  Scenario Outline: A plan change the rules refuse changes nothing
    When the administrator puts "Rosa" on the <plan> plan with <credits> credits
    Then the administrator is refused with "<message>"
    And her plan is "citizen" with 1 credit
    And the audit log is empty

    Examples:
      | plan    | credits | message                                       |
      | Gold    | 5       | The tier must be citizen, patriot or defender |
      | Patriot | -1      | Credits cannot be negative                    |

  @cli @no-api-route
  Scenario: On the command line the administrator grants credits, or takes them, never below zero
    When the administrator grants "Rosa" 5 credits because "helped test the beta"
    Then she has 6 credits
    When the administrator takes 10 credits from "Rosa" because "granted by mistake"
    Then the administrator is refused because a balance never goes below zero
    And she still has 6 credits
    When the administrator takes 6 credits from "Rosa" because "granted by mistake"
    Then she has 0 credits
    And her credit history reads:
      | reason           | delta | balance |
      | signup_grant     | 1     | 1       |
      | admin_adjustment | 5     | 6       |
      | admin_adjustment | -6    | 0       |
    And the audit log reads:
      | who               | action       | target | before    | after                                           |
      | the administrator | user.credits | Rosa   | credits=6 | credits=0, delta=-6, reason=granted by mistake  |
      | the administrator | user.credits | Rosa   | credits=1 | credits=6, delta=5, reason=helped test the beta |

  # ---- Deleting accounts

  @cli
  Scenario: Neither the main administrator nor another administrator can be deleted
    Given "Dana" has registered with the e-mail "deputy@civicwatch.test" and the password "liberty1"
    And she has opened the verification link
    When the administrator deletes the account of "Chief"
    Then the administrator is refused with "The main administrator cannot be deleted"
    When the administrator deletes the account of "Dana"
    Then the administrator is refused with "Administrators cannot be deleted; revoke the admin role first"
    And the administrator's list of accounts reads "deputy@civicwatch.test, rosa@example.org, chief@civicwatch.test"
    And "chief@civicwatch.test" can still sign in with the password "liberty1"
    And "deputy@civicwatch.test" can still sign in with the password "liberty1"
    And the audit log is empty

  @cli
  Scenario: An account that registered an administrator's address without verifying it is no administrator, and can be deleted
    Given "Mallory" has registered with the e-mail "deputy@civicwatch.test" and the password "liberty1"
    When the administrator deletes the account of "Mallory"
    Then nobody can sign in as "deputy@civicwatch.test" with the password "liberty1"

  @cli
  Scenario: Deleting a citizen removes her account: her session ends and her e-mail address is free again
    Given she has analysed pasted text titled "Library levy"
    When the administrator deletes the account of "Rosa"
    Then she is signed out
    And nobody can sign in as "rosa@example.org" with the password "liberty1"
    And the administrator's list of accounts reads "chief@civicwatch.test"
    And the audit log reads:
      | who               | action      | target | before                                          | after |
      | the administrator | user.delete | Rosa   | email=rosa@example.org, tier=citizen, credits=0 | -     |
    When "Rosa" registers with the e-mail "rosa@example.org" and the password "another1"
    Then she is signed in as "Rosa"
    And her plan is "citizen" with 1 credit
    And her credit history shows 1 credit granted at sign-up
    And her analyses list is empty

  @cli
  Scenario: Deleting a paying citizen ends her subscription at Stripe, so she is never charged again
    Given she has subscribed to the Patriot plan with a valid card
    When the administrator deletes the account of "Rosa"
    Then her Patriot subscription has ended at Stripe
    When Stripe's events reach the server
    Then nobody can sign in as "rosa@example.org" with the password "liberty1"
    And the administrator's list of accounts reads "chief@civicwatch.test"

  # ---- The admin role (the command line only)

  @cli @no-api-route
  Scenario: The admin role of an account ADMIN_EMAILS names cannot be revoked
    Given "Dana" has registered with the e-mail "deputy@civicwatch.test" and the password "liberty1"
    And she has opened the verification link
    When the administrator takes the admin role from "Chief"
    Then the administrator is refused with "This account is named by ADMIN_EMAILS: remove it there to revoke its admin role"
    When the administrator takes the admin role from "Dana"
    Then the administrator is refused with "This account is named by ADMIN_EMAILS: remove it there to revoke its admin role"
    And "Chief" is an administrator
    And "Dana" is an administrator
    And the audit log is empty

  @cli @no-api-route
  Scenario: An administrator made on the command line can be revoked, and then deleted
    Given "Ben" has registered with the e-mail "ben@example.org" and the password "liberty1"
    When the administrator makes "Ben" an administrator
    Then "Ben" is an administrator
    When the administrator deletes the account of "Ben"
    Then the administrator is refused with "Administrators cannot be deleted; revoke the admin role first"
    When the administrator takes the admin role from "Ben"
    Then "Ben" is not an administrator
    When the administrator deletes the account of "Ben"
    Then nobody can sign in as "ben@example.org" with the password "liberty1"
    And the audit log reads:
      | who               | action       | target | before                                         | after      |
      | the administrator | user.delete  | Ben    | email=ben@example.org, tier=citizen, credits=1 | -          |
      | the administrator | admin.revoke | Ben    | role=admin                                     | role=user  |
      | the administrator | admin.grant  | Ben    | role=user                                      | role=admin |

  @cli
  Scenario: Where no e-mail arrives, the administrator vouches for an address; one named as an administrator's then gives the admin role
    Given "Dana" has registered with the e-mail "deputy@civicwatch.test" and the password "liberty1"
    And "Ben" has registered with the e-mail "ben@example.org" and the password "liberty1"
    Then "Dana" is not an administrator
    When the administrator marks the e-mail address of "Ben" verified
    And the administrator marks the e-mail address of "Dana" verified
    Then "Dana" is an administrator
    And "Ben" is not an administrator
    And the audit log reads:
      | who               | action      | target | before                         | after                           |
      | the administrator | user.verify | Dana   | emailVerified=false, role=user | emailVerified=true, role=admin |
      | the administrator | user.verify | Ben    | emailVerified=false, role=user | emailVerified=true, role=user  |

  # ---- Promo codes (spec §5 "Admin promo creation", §9 "Promo defaults")

  @cli
  Scenario: A promo code is stored upper case, is good for one account unless told otherwise, and works through its expiry day
    When the administrator creates a promo code with:
      | code     | kind    | amount | max uses | expires    |
      | spring25 | credits | 5      |          | 2099-12-31 |
    Then the promo codes read:
      | code     | type    | credits | discount | uses | max uses | expires                  | active |
      | SPRING25 | credits | 5       | 0        | 0    | 1        | 2100-01-01T00:00:00.000Z | yes    |
    When she redeems the promo code "spring25"
    Then she receives 5 free credits
    And she has 6 credits
    Given "Ana" has registered with the e-mail "ana@example.org" and the password "liberty1"
    When she redeems the promo code "SPRING25"
    Then the promo code is refused with "This promo code has reached its usage limit"
    And the code "SPRING25" has been used by 1 account

  @cli
  Scenario: A discount code for several accounts; a code exists once
    When the administrator creates a promo code with:
      | code     | kind     | amount | max uses | expires    |
      | half-off | discount | 50     | 10       | 2099-12-31 |
    Then the promo codes read:
      | code     | type     | credits | discount | uses | max uses | expires                  | active |
      | HALF-OFF | discount | 0       | 50       | 0    | 10       | 2100-01-01T00:00:00.000Z | yes    |
    When she checks the promo code "half-off"
    Then the code gives 50% off the first month
    When the administrator creates a promo code with:
      | code     | kind    | amount | max uses | expires    |
      | HALF-OFF | credits | 3      |          | 2099-06-30 |
    Then the administrator is refused with "A promo code with this code already exists"

  @cli
  Scenario Outline: A discount from 1 to 100 percent is accepted
    When the administrator creates a promo code with:
      | code   | kind     | amount    | max uses | expires    |
      | <code> | discount | <percent> |          | 2099-12-31 |
    And she checks the promo code "<code>"
    Then the code gives <percent>% off the first month

    Examples:
      | code    | percent |
      | ONEOFF  | 1       |
      | ALLFREE | 100     |

  Scenario Outline: A promo code the rules refuse is not created
    When the administrator creates a promo code with:
      | code   | kind   | amount   | max uses | expires   |
      | <code> | <kind> | <amount> | <max>    | <expires> |
    Then the administrator is refused with "<message>"
    And there are no promo codes
    And the audit log is empty

    @cli
    Examples:
      | code      | kind     | amount | max | expires    | message                                                   |
      |           | credits  | 5      |     | 2099-12-31 | Please fill in all required fields (code and expiry date) |
      | SPRING25  | credits  | 5      |     |            | Please fill in all required fields (code and expiry date) |
      | SPRING25  | discount | 0      |     | 2099-12-31 | The discount must be between 1 and 100 percent            |
      | SPRING25  | discount | 101    |     | 2099-12-31 | The discount must be between 1 and 100 percent            |
      | SPRING25  | credits  | 0      |     | 2099-12-31 | A credits code must grant at least 1 credit               |
      | SPRING25  | credits  | 5      | 0   | 2099-12-31 | Max uses must be at least 1                               |
      | SPRING25  | credits  | 5      |     | 2020-01-01 | The expiry date must be in the future                     |
      | SPRING 25 | credits  | 5      |     | 2099-12-31 | A promo code may hold only letters, digits, - and _       |

  @cli
  Scenario: A deleted promo code stops working; the credits it gave stay
    Given an administrator has created the promo code "WELCOME10" worth 10 credits for 5 accounts
    And she has redeemed the promo code "WELCOME10"
    When the administrator deletes the promo code "welcome10"
    Then there are no promo codes
    And she has 11 credits
    Given "Ana" has registered with the e-mail "ana@example.org" and the password "liberty1"
    When she redeems the promo code "WELCOME10"
    Then the promo code is refused with "This promo code does not exist"
    When the administrator deletes the promo code "WELCOME10"
    Then the administrator is refused with "This promo code does not exist"

  # ---- The audit log

  @cli
  Scenario: Every administrative action is in the audit log, newest first, with who did it and the values before and after
    When the administrator puts "Rosa" on the Patriot plan with 5 credits
    And the administrator changes the Patriot plan's monthly credits to 7
    And the administrator creates a promo code with:
      | code     | kind    | amount | max uses | expires    |
      | spring25 | credits | 5      | 3        | 2099-12-31 |
    And the administrator deletes the promo code "SPRING25"
    And the administrator deletes the account of "Rosa"
    Then the audit log reads:
      | who               | action       | target   | before                                                                                               | after                                                                                 |
      | the administrator | user.delete  | Rosa     | email=rosa@example.org, tier=patriot, credits=5                                                      | -                                                                                     |
      | the administrator | promo.delete | SPRING25 | type=credits, credits=5, maxUses=3, expiresAt=2100-01-01T00:00:00.000Z, isActive=true, currentUses=0 | -                                                                                     |
      | the administrator | promo.create | SPRING25 | -                                                                                                    | type=credits, credits=5, maxUses=3, expiresAt=2100-01-01T00:00:00.000Z, isActive=true |
      | the administrator | tier.update  | patriot  | monthlyCredits=5                                                                                     | monthlyCredits=7                                                                      |
      | the administrator | user.tier    | Rosa     | tier=citizen, credits=1                                                                              | tier=patriot, credits=5                                                               |

  # ---- System stats

  @cli
  Scenario: The system stats count free and paid users, administrators, analyses and the credits they took
    Given she has analysed pasted text titled "Library levy"
    And "Ana" has registered with the e-mail "ana@example.org" and the password "liberty1"
    And she is on the Defender plan with 50 credits
    And she has analysed pasted text titled "Road budget"
    And she has analysed pasted text titled "School board minutes"
    And "Ben" has registered with the e-mail "ben@example.org" and the password "liberty1"
    And she is on the Patriot plan with 5 credits
    And "Cleo" has registered with the e-mail "cleo@example.org" and the password "liberty1"
    Then the system stats read:
      | users | free | paid | administrators | analyses | credits spent |
      | 5     | 3    | 2    | 1              | 3        | 3             |

  # ---- Plans are data

  @cli
  Scenario: The administrator gives Patriot 7 credits a month: the plans on offer and the next Patriot payment follow
    When the administrator changes the Patriot plan's monthly credits to 7
    Then the plans on offer are:
      | plan     | price | credits |
      | Citizen  | 0     | 1       |
      | Patriot  | 29    | 7       |
      | Defender | 99    | 50      |
    When she chooses the Patriot plan on the subscribe page
    And she pays with a valid card
    And the checkout page reports the payment
    Then the payment is confirmed with 7 new credits: she now has 8

  @cli
  Scenario: The Citizen plan stays free
    When the administrator changes the Citizen plan's price to $5
    Then the administrator is refused with "The Citizen tier is free and always offered: its price, Stripe price and active flag cannot change"
    And the plans on offer are:
      | plan     | price | credits |
      | Citizen  | 0     | 1       |
      | Patriot  | 29    | 5       |
      | Defender | 99    | 50      |
    And the audit log is empty

  # ---- Refunds (through Stripe)

  @cli
  Scenario: A refund goes through Stripe and never exceeds what was paid
    Given she has subscribed to the Patriot plan with a valid card
    When the administrator refunds $10 to "Rosa" because "service outage"
    Then the refund of $10 is made
    And Stripe has refunded $10 of her first payment in all
    And her plan is "patriot" with 6 credits
    When the administrator refunds $20 to "Rosa" because "service outage"
    Then the administrator is refused with "A refund cannot be more than was paid: at most $19.00 can be refunded on this user's latest payment"
    When the administrator refunds $19 to "Rosa" because "cancelled in the first week"
    Then the refund of $19 is made
    And Stripe has refunded $29 of her first payment in all
    And she has 1 credit
    When Stripe's events reach the server
    Then she has 1 credit
    And her credit history reads:
      | reason       | delta | balance |
      | signup_grant | 1     | 1       |
      | payment      | 5     | 6       |
      | refund       | -5    | 1       |
    When the administrator refunds $1 to "Rosa" because "once more"
    Then the administrator is refused with "A refund cannot be more than was paid: at most $0.00 can be refunded on this user's latest payment"
    And Stripe has refunded $29 of her first payment in all
    And the audit log reads:
      | who               | action      | target | before             | after                                                                                             |
      | the administrator | user.refund | Rosa   | refundedCents=1000 | refundedCents=2900, amountCents=1900, invoiceId=*, refundId=*, reason=cancelled in the first week |
      | the administrator | user.refund | Rosa   | refundedCents=0    | refundedCents=1000, amountCents=1000, invoiceId=*, refundId=*, reason=service outage              |

  @cli
  Scenario: A citizen who never paid has nothing to refund
    When the administrator refunds $5 to "Rosa" because "goodwill"
    Then the administrator is refused with "This user has no payment to refund"
    And the audit log is empty
