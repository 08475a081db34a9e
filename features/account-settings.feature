Feature: Account settings
  A citizen chooses the optional e-mail she receives (analysis notices, payment receipts, product news),
  reads where her credits came from and went, and takes a copy of everything her account holds.

  Background:
    Given "Rosa" has registered with the e-mail "rosa@example.org" and the password "liberty1"

  Scenario: A new account receives every optional e-mail until she chooses otherwise
    Then her e-mail preferences read:
      | analysis notices | on |
      | payment receipts | on |
      | product news     | on |

  Scenario: She keeps analysis notices and turns the rest off
    When she sets her e-mail preferences to:
      | analysis notices | on  |
      | payment receipts | off |
      | product news     | off |
    Then her e-mail preferences read:
      | analysis notices | on  |
      | payment receipts | off |
      | product news     | off |

  Scenario Outline: A paid month is followed by a receipt only while she wants receipts
    Given her e-mail address is already verified
    And she has set her e-mail preferences to:
      | analysis notices | on         |
      | payment receipts | <receipts> |
      | product news     | on         |
    When she subscribes to the Patriot plan with a valid card
    Then she has been sent <sent>

    Examples:
      | receipts | sent                |
      | on       | 1 payment receipt   |
      | off      | 0 payment receipts  |

  Scenario: Her credit history says where her credits came from and went, newest first
    Given an administrator has created the promo code "SPRING" worth 3 credits for 5 accounts
    And she has analysed pasted text titled "Library levy"
    And she has redeemed the promo code "SPRING"
    Then her credit history in account settings reads:
      | reason          | change | balance |
      | Promo code      | +3     | 3       |
      | Analysis        | -1     | 0       |
      | Welcome credits | +1     | 1       |

  Scenario: Her data export holds every analysis with its findings, and her credit history
    Given she is on the Patriot plan with 3 credits
    And she has analysed pasted text titled "Library levy"
    And she has analysed pasted text titled "Road budget"
    When she downloads her data
    Then her data names her "rosa@example.org"
    And her data holds the analyses "Road budget" and "Library levy", each with its summary
    And her data holds her credit history, ending with a balance of 1
