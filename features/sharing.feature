Feature: Sharing an analysis through a public link
  A citizen can give anyone a link to one of her analyses. The link opens the analysis read-only, for
  people without an account too, and tells them nothing about her: not her name, her e-mail or the
  document's title. She can stop sharing at any time; a deleted analysis takes its link with it.

  Background:
    Given "Rosa" has registered with the e-mail "rosa@example.org" and the password "liberty1"
    And she has analysed pasted text titled "Library levy"

  Scenario: Anyone with the link reads the analysis, without learning who shared it
    When she shares the analysis "Library levy"
    Then a visitor who is not signed in can read the analysis "Library levy" through its link
    And the shared analysis shows neither her name, her e-mail nor the title "Library levy"

  Scenario: Sharing an analysis again gives the link it already has
    Given she has shared the analysis "Library levy"
    When she shares the analysis "Library levy" again
    Then the link of "Library levy" is the one she got before
    And her analysis "Library levy" shows its link

  Scenario: A link she stops sharing opens nothing, and sharing again makes a new one
    Given she has shared the analysis "Library levy"
    When she stops sharing the analysis "Library levy"
    Then a visitor following the link of "Library levy" is told "This analysis is no longer shared"
    And her analysis "Library levy" is not shared
    When she shares the analysis "Library levy" again
    Then the link of "Library levy" is a new one
    And a visitor who is not signed in can read the analysis "Library levy" through its link

  Scenario: Only the owner can share an analysis or stop sharing it
    Given she has shared the analysis "Library levy"
    And she has signed out
    And "Bob" has registered with the e-mail "bob@example.org" and the password "liberty1"
    Then he cannot share the analysis "Library levy"
    And he cannot stop sharing the analysis "Library levy"
    And a visitor who is not signed in can read the analysis "Library levy" through its link

  Scenario: A deleted analysis takes its link with it
    Given she has shared the analysis "Library levy"
    When she deletes the analysis "Library levy"
    Then a visitor following the link of "Library levy" is told "This analysis is no longer shared"
