Feature: Payments
  Nothing grants paid credits without a payment the server verified with Stripe. The checkout page
  confirms the card payment in the browser and reports it; Stripe's webhook reports it too, and every
  renewal, failed payment, refund and cancellation. Each paid month adds its credits once, whoever reports
  it and however often. A discount code takes its percent off the first month only, rounded to whole dollars.
  Only an account whose e-mail address is verified can subscribe (see email-verification.feature).

  Background:
    Given "Rosa" has registered with the e-mail "rosa@example.org" and the password "liberty1"
    And she has opened the verification link

  Scenario Outline: A discount code takes its percent off the first month, rounded to whole dollars; renewals are at full price
    Given an administrator has created the promo code "<code>" for <percent>% off the first month
    When she starts a checkout for the <plan> plan at $<first> instead of $<price> with the promo code "<code>"
    Then she is asked to pay $<first> by card
    When she pays with a valid card
    Then Stripe has charged her $<first> for the first month
    When the checkout page reports the payment
    Then her plan is "<tier>" with <after first month> credits
    When a month passes
    Then Stripe charges her $<price> for the new month
    When Stripe's events reach the server
    Then her plan is "<tier>" with <after renewal> credits
    And the code "<code>" has been used by 1 account

    Examples:
      | code    | percent | plan     | price | first | tier     | after first month | after renewal |
      | SAVE15  | 15      | Patriot  | 29    | 25    | patriot  | 6                 | 11            |
      | HALFOFF | 50      | Patriot  | 29    | 15    | patriot  | 6                 | 11            |
      | TENOFF  | 10      | Defender | 99    | 89    | defender | 51                | 101           |
      | HALFDEF | 50      | Defender | 99    | 50    | defender | 51                | 101           |

  Scenario: A checkout that ignores the discount is refused
    Given an administrator has created the promo code "SAVE15" for 15% off the first month
    When she starts a checkout for the Patriot plan at $29 with the promo code "SAVE15"
    Then the checkout is refused with "The Patriot plan costs $25 for this checkout; the amount sent does not match"
    And she has no paid subscription

  Scenario: A 100% code needs no card: the plan starts at once
    Given an administrator has created the promo code "FIRSTFREE" for 100% off the first month
    When she starts a checkout for the Defender plan at $0 instead of $99 with the promo code "FIRSTFREE"
    Then she needs no card: her plan is paid already and she has 51 credits
    And her plan is "defender" with 51 credits
    And her Defender subscription is active
    When Stripe's events reach the server
    Then her plan is "defender" with 51 credits
    And her credit history reads:
      | reason       | delta | balance |
      | signup_grant | 1     | 1       |
      | payment      | 50    | 51      |

  Scenario: A credits code used at checkout adds its credits after the payment, once per account
    Given an administrator has created the promo code "BONUS3" worth 3 credits for 5 accounts
    When she starts a checkout for the Patriot plan at $29 with the promo code "bonus3"
    Then she is asked to pay $29 by card
    And she has 1 credit
    When she pays with a valid card
    And the checkout page reports the payment
    Then the payment is confirmed with 8 new credits: she now has 9
    And her credit history reads:
      | reason       | delta | balance |
      | signup_grant | 1     | 1       |
      | payment      | 5     | 6       |
      | promo        | 3     | 9       |
    When she redeems the promo code "BONUS3"
    Then the promo code is refused with "You have already redeemed this promo code"
    And she has 9 credits

  Scenario: A checkout that is never paid does not use up a code
    Given an administrator has created the promo code "ONLYONE" worth 3 credits for 1 account
    And she has started a checkout for the Patriot plan at $29 with the promo code "ONLYONE"
    And "Ana" has registered with the e-mail "ana@example.org" and the password "liberty1"
    When she redeems the promo code "ONLYONE"
    Then she receives 3 free credits
    And she has 4 credits

  Scenario: A declined card grants nothing
    When she starts a checkout for the Patriot plan at $29
    And she pays with a card that is declined
    Then the card is refused with "Your card was declined."
    When the checkout page reports the payment
    Then the payment is refused with "The payment has not gone through"
    When Stripe's events reach the server
    Then her plan is "citizen" with 1 credit
    And she has no paid subscription
    And her credit history shows 1 credit granted at sign-up

  Scenario: Reporting a payment again grants nothing more
    Given she has started a checkout for the Defender plan at $99
    And she has paid with a valid card
    When the checkout page reports the payment
    Then the payment is confirmed with 50 new credits: she now has 51
    When the checkout page reports the payment again
    Then the payment is confirmed with 0 new credits: she now has 51
    When Stripe's events reach the server
    Then her plan is "defender" with 51 credits
    And her credit history reads:
      | reason       | delta | balance |
      | signup_grant | 1     | 1       |
      | payment      | 50    | 51      |

  Scenario: When the page never reports the payment, Stripe's webhook does, and the late report adds nothing
    Given she has started a checkout for the Patriot plan at $29
    And she has paid with a valid card
    When Stripe's events reach the server
    Then her plan is "patriot" with 6 credits
    When the checkout page reports the payment
    Then the payment is confirmed with 0 new credits: she now has 6

  Scenario: Nobody can claim another citizen's payment
    Given she has started a checkout for the Patriot plan at $29
    And she has paid with a valid card
    And "Ben" has registered with the e-mail "ben@example.org" and the password "liberty1"
    And he has opened the verification link
    And he has started a checkout for the Patriot plan at $29
    When he reports Rosa's payment as his own
    Then the payment is refused with "No such payment was found for your account"
    And his plan is "citizen" with 1 credit
    And he has no paid subscription
    When she signs in with the e-mail "rosa@example.org" and the password "liberty1"
    And the checkout page reports the payment
    Then the payment is confirmed with 5 new credits: she now has 6

  Scenario: An event that Stripe delivers twice counts once
    Given she has subscribed to the Patriot plan with a valid card
    When a month passes
    And Stripe's events reach the server
    And Stripe delivers the renewal's payment event again
    Then the server answers that it had handled that event already
    And her plan is "patriot" with 11 credits
    And her credit history reads:
      | reason       | delta | balance |
      | signup_grant | 1     | 1       |
      | payment      | 5     | 6       |
      | renewal      | 5     | 11      |

  Scenario: A webhook event that Stripe did not sign is refused and changes nothing
    Given she has subscribed to the Patriot plan with a valid card
    When a month passes
    And someone posts a copy of the renewal's payment event signed with another secret
    Then the event is refused with "The webhook signature is not valid"
    When someone posts an unsigned copy of the renewal's payment event
    Then the event is refused with "The webhook signature is not valid"
    And her plan is "patriot" with 6 credits
    When Stripe's events reach the server
    Then her plan is "patriot" with 11 credits

  Scenario: A full refund takes back the month's credits
    Given she has subscribed to the Patriot plan with a valid card
    When Stripe refunds her first payment in full
    And Stripe's events reach the server
    Then she has 1 credit
    And her credit history reads:
      | reason       | delta | balance |
      | signup_grant | 1     | 1       |
      | payment      | 5     | 6       |
      | refund       | -5    | 1       |

  Scenario: A refund never takes the balance below zero
    Given she has subscribed to the Patriot plan with a valid card
    And she has spent 5 credits on analyses
    When Stripe refunds her first payment in full
    And Stripe's events reach the server
    Then she has 0 credits
    And her credit history ends with:
      | reason         | delta | balance |
      | analysis_debit | -1    | 1       |
      | refund         | -1    | 0       |

  Scenario: A refund of part of a month keeps its credits
    Given she has subscribed to the Patriot plan with a valid card
    When Stripe refunds $10 of her first payment
    And Stripe's events reach the server
    Then her plan is "patriot" with 6 credits

  @payments-not-configured
  Scenario: On a server without Stripe keys nothing can be bought and nothing is granted
    Then this server takes no payments
    When she starts a checkout for the Patriot plan at $29
    Then the checkout is refused with "Payments are not configured on this server."
    When the checkout page reports the payment "pi_3QxMadeUpByTheBrowser"
    Then the payment is refused with "Payments are not configured on this server."
    When she cancels her subscription
    Then cancelling is refused with "Payments are not configured on this server."
    When a Stripe event is posted to the server
    Then the event is refused with "Payments are not configured on this server."
    And her plan is "citizen" with 1 credit
    And she has no paid subscription

  @concurrency
  Scenario: The page and Stripe report one payment at the same moment: its credits are added once
    Given she has started a checkout for the Patriot plan at $29
    And she has paid with a valid card
    When the checkout page reports the payment 5 times while Stripe's events reach the server
    Then every report confirms the payment
    And her plan is "patriot" with 6 credits
    And her credit history reads:
      | reason       | delta | balance |
      | signup_grant | 1     | 1       |
      | payment      | 5     | 6       |

  @concurrency
  Scenario: Stripe delivers one event three times at the same moment: it counts once
    Given she has subscribed to the Patriot plan with a valid card
    When a month passes
    And Stripe delivers the renewal's payment event 3 times at the same moment
    Then the server handles it once and answers the other 2 deliveries as already handled
    And her plan is "patriot" with 11 credits
