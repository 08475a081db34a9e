Feature: Credits
  An analysis costs 1 credit, and a Citizen starts with 1. Every change of a balance is written in the
  credit history. A refused analysis costs nothing; an analysis that fails gives its credit back.

  Background:
    Given "Rosa" has registered with the e-mail "rosa@example.org" and the password "liberty1"

  Scenario: A Citizen's first analysis costs her one credit
    When she pastes an ordinance for analysis
    Then the analysis is complete
    And she has 0 credits
    And her credit history reads:
      | reason         | delta | balance |
      | signup_grant   | 1     | 1       |
      | analysis_debit | -1    | 0       |

  Scenario: At 0 credits a further analysis is refused and costs nothing
    Given she has analysed pasted text titled "Library levy"
    When she pastes an ordinance for analysis
    Then the analysis is refused for lack of credits: "You need credits to perform analysis. Please upgrade your account."
    And she has 0 credits
    And her credit history reads:
      | reason         | delta | balance |
      | signup_grant   | 1     | 1       |
      | analysis_debit | -1    | 0       |

  Scenario: A PDF that cannot be opened is refused before the credit is taken
    When she analyses the broken PDF "truncated.pdf"
    Then the analysis is refused because the PDF cannot be read
    And she still has 1 credit
    And no credit was taken for it

  Scenario: An analysis that fails gives the credit back
    When she analyses the blank PDF "blank.pdf"
    Then the analysis fails because no text could be read
    And she still has 1 credit
    And her credit history shows the refund of that analysis

  Scenario: A Patriot spends her credits one analysis at a time
    Given she is on the Patriot plan with 5 credits
    When she pastes an ordinance for analysis
    And she pastes an ordinance for analysis
    Then she has 3 credits
