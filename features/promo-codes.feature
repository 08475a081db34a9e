Feature: Promo codes
  An administrator hands out promo codes. A credits code adds its credits to a citizen's balance at once,
  once per account, for as many accounts as the code allows and until it expires. A discount code takes a
  percentage off the first month of a plan: it is checked here but used at checkout.

  Background:
    Given an administrator has created the promo code "WELCOME10" worth 10 credits for 2 accounts
    And "Rosa" has registered with the e-mail "rosa@example.org" and the password "liberty1"

  Scenario: A citizen redeems a code and the credits are hers at once
    When she redeems the promo code "welcome10"
    Then she receives 10 free credits
    And she has 11 credits
    And her credit history reads:
      | reason       | delta | balance |
      | signup_grant | 1     | 1       |
      | promo        | 10    | 11      |

  Scenario: Each code can be redeemed once per account
    Given she has redeemed the promo code "WELCOME10"
    When she redeems the promo code "WELCOME10"
    Then the promo code is refused with "You have already redeemed this promo code"
    And she has 11 credits

  Scenario: A code stops working once its accounts are used up
    Given she has redeemed the promo code "WELCOME10"
    And "Ana" has registered with the e-mail "ana@example.org" and the password "liberty1"
    And she has redeemed the promo code "WELCOME10"
    And "Ben" has registered with the e-mail "ben@example.org" and the password "liberty1"
    When she redeems the promo code "WELCOME10"
    Then the promo code is refused with "This promo code has reached its usage limit"
    And she has 1 credit

  Scenario: An expired code gives nothing
    Given an administrator has created the promo code "LASTYEAR" worth 5 credits, which has expired
    When she redeems the promo code "LASTYEAR"
    Then the promo code is refused with "This promo code has expired"
    And she has 1 credit

  Scenario: A discount code is for checkout
    Given an administrator has created the promo code "HALFOFF" for 50% off the first month
    When she checks the promo code "halfoff"
    Then the code gives 50% off the first month
    When she redeems the promo code "HALFOFF"
    Then the promo code is refused with "This is a discount code: apply it at checkout when you choose a plan"
    And she has 1 credit

  Scenario: A code that is empty or unknown is refused with a clear message
    When she redeems the promo code "   "
    Then the promo code is refused with "Please enter a promo code"
    When she checks the promo code "NOSUCHCODE"
    Then the promo code is refused with "This promo code does not exist"

  @concurrency
  Scenario: Twenty citizens redeem a code for 3 accounts at the same moment: exactly 3 get the credits
    Given an administrator has created the promo code "FIRST3" worth 10 credits for 3 accounts
    And 20 citizens have registered
    When they all redeem the promo code "FIRST3" at the same moment
    Then exactly 3 of them receive 10 free credits
    And the other 17 are refused with "This promo code has reached its usage limit"
    And 3 of them have 11 credits and 17 have 1 credit
    And the code "FIRST3" has been used by 3 accounts
    When she redeems the promo code "FIRST3"
    Then the promo code is refused with "This promo code has reached its usage limit"

  @concurrency
  Scenario: A citizen who redeems a code 10 times at the same moment gets its credits once
    When she redeems the promo code "WELCOME10" 10 times at the same moment
    Then exactly 1 of her attempts receives 10 free credits
    And the other 9 are refused with "You have already redeemed this promo code"
    And she has 11 credits
    And her credit history reads:
      | reason       | delta | balance |
      | signup_grant | 1     | 1       |
      | promo        | 10    | 11      |
    And the code "WELCOME10" has been used by 1 account
