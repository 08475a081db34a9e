Feature: Subscription tiers
  Citizen is free and comes with 1 credit. Patriot ($29 a month) and Defender ($99 a month) are monthly
  subscriptions paid by card: every paid month adds the plan's credits, 5 for Patriot and 50 for Defender,
  and the paid plan lasts as long as the subscription. The server prices a plan itself: the amount the
  checkout page sends must be that price. A cancelled plan runs to the end of the month already paid for.

  Background:
    Given "Rosa" has registered with the e-mail "rosa@example.org" and the password "liberty1"
    And she has opened the verification link

  Scenario: The plans on offer, on a server that takes payments
    Then the plans on offer are:
      | plan     | price | credits |
      | Citizen  | 0     | 1       |
      | Patriot  | 29    | 5       |
      | Defender | 99    | 50      |
    And this server takes payments

  Scenario Outline: A paid plan gives its tier and its month's credits once the card payment is verified
    When she chooses the <plan> plan on the subscribe page
    Then she is asked to pay $<price> by card
    And her plan is "citizen" with 1 credit
    When she pays with a valid card
    And the checkout page reports the payment
    Then the payment is confirmed with <credits> new credits: she now has <balance>
    And her plan is "<tier>" with <balance> credits
    And her <plan> subscription is active
    And her credit history reads:
      | reason       | delta     | balance   |
      | signup_grant | 1         | 1         |
      | payment      | <credits> | <balance> |

    Examples:
      | plan     | price | tier     | credits | balance |
      | Patriot  | 29    | patriot  | 5       | 6       |
      | Defender | 99    | defender | 50      | 51      |

  Scenario: The checkout opens on Patriot at $29, which is what the server charges
    When she opens the checkout without choosing a plan
    Then she is asked to pay $29 by card
    When she pays with a valid card
    Then Stripe has charged her $29 for the first month
    When the checkout page reports the payment
    Then her plan is "patriot" with 6 credits

  Scenario Outline: The server refuses an amount that is not the plan's price, and nothing starts
    When she starts a checkout for the <plan> plan at $<amount>
    Then the checkout is refused with "The <plan> plan costs $<price> for this checkout; the amount sent does not match"
    And she has no paid subscription
    And her plan is "citizen" with 1 credit

    Examples:
      | plan     | amount | price |
      | Patriot  | 99     | 29    |
      | Patriot  | 1      | 29    |
      | Defender | 29     | 99    |

  Scenario: Each month renewed adds the month's credits again
    Given she has subscribed to the Patriot plan with a valid card
    When a month passes
    Then Stripe charges her $29 for the new month
    When Stripe's events reach the server
    Then her plan is "patriot" with 11 credits
    And her credit history reads:
      | reason       | delta | balance |
      | signup_grant | 1     | 1       |
      | payment      | 5     | 6       |
      | renewal      | 5     | 11      |

  Scenario: A renewal whose payment fails keeps the plan but adds nothing
    Given she has subscribed to the Patriot plan with a valid card
    When a month passes and her card is declined
    And Stripe's events reach the server
    Then her plan is "patriot" with 6 credits
    And her Patriot subscription is past due
    And her credit history reads:
      | reason       | delta | balance |
      | signup_grant | 1     | 1       |
      | payment      | 5     | 6       |

  Scenario: A cancelled plan runs to the end of the month paid for; then she is a Citizen who keeps her credits
    Given she has subscribed to the Patriot plan with a valid card
    When she cancels her subscription
    Then her Patriot subscription ends with the month she paid for
    When Stripe's events reach the server
    Then her plan is "patriot" with 6 credits
    When a month passes
    Then Stripe charges her nothing more
    When Stripe's events reach the server
    Then her plan is "citizen" with 6 credits
    And she has no paid subscription
    When she cancels her subscription
    Then cancelling is refused with "You have no paid subscription to cancel"

  Scenario: Moving up from Patriot to Defender ends the Patriot plan at Stripe
    Given she has subscribed to the Patriot plan with a valid card
    When she subscribes to the Defender plan with a valid card
    Then her plan is "defender" with 56 credits
    And her Defender subscription is active
    And her Patriot subscription has ended at Stripe
    When Stripe's events reach the server
    Then her plan is "defender" with 56 credits
