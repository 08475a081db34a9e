Feature: Profile settings
  Every profile field is optional. In the United States the state is one of the fifty states;
  elsewhere it is free text.

  Background:
    Given "Rosa" has registered with the e-mail "rosa@example.org" and the password "liberty1"

  Scenario: A citizen fills in her name and state
    When she updates her profile with:
      | lastName | Parks |
      | country  | US    |
      | state    | al    |
    Then her profile shows:
      | firstName | Rosa  |
      | lastName  | Parks |
      | country   | US    |
      | state     | AL    |

  Scenario: A state outside the list is refused in the United States
    When she updates her profile with:
      | state | Narnia |
    Then the profile update is refused with "Please choose a US state from the list"
    And her profile shows:
      | state |  |

  Scenario: Outside the United States the state is free text
    When she updates her profile with:
      | country | CA      |
      | state   | Ontario |
    Then her profile shows:
      | country | CA      |
      | state   | Ontario |

  Scenario: An emptied field is cleared, an absent one kept
    Given she updates her profile with:
      | lastName | Parks |
    When she updates her profile with:
      | firstName |  |
    Then her profile shows:
      | firstName |       |
      | lastName  | Parks |
