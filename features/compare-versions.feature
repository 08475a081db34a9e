Feature: Comparing two versions of a document
  A Patriot or a Defender has two versions of a document compared, the earlier and the later, each a PDF or
  pasted text, for one credit; a Citizen is told that comparing is for paying subscribers. Each version is
  refused as a document to analyse would be, named, before any credit is taken, and a comparison that fails
  gives its credit back. Only the comparison is kept, in the history; neither version is.

  Background:
    Given "Rosa" has registered with the e-mail "rosa@example.org" and the password "liberty1"

  Scenario: A Patriot compares two versions of a levy ordinance for one credit, and finds the comparison in her history
    Given she is on the Patriot plan with 5 credits
    When she pastes the text of "wpld-ordinance-20-21-02-maintenance-levy.pdf" as the earlier version, and as the later its text corrected, titled "Levy ordinance 20-21-02, corrected", in which "July 23, 2020" became "July 30, 2020"
    Then the comparison lists one change: the date "July 23, 2020" became "July 30, 2020", each quoted from its version
    And she has 4 credits
    And her credit history reads:
      | reason           | delta | balance |
      | signup_grant     | 1     | 1       |
      | admin_adjustment | 4     | 5       |
      | analysis_debit   | -1    | 4       |
    And her analyses list shows "Levy ordinance 20-21-02, corrected" as a comparison
    And she can open the comparison "Levy ordinance 20-21-02, corrected" with its change
    And neither version is kept, only the comparison

  Scenario: A Citizen is told that comparing versions is for paying subscribers, and keeps her credit
    When she pastes the text of "wpld-ordinance-20-21-02-maintenance-levy.pdf" as the earlier version, and as the later its text corrected, titled "Levy ordinance 20-21-02, corrected", in which "July 23, 2020" became "July 30, 2020"
    Then the comparison is refused for her plan: "Comparing versions is available for paying subscribers"
    And she still has 1 credit
    And her analyses list is empty

  Scenario: A later version that is not a PDF is refused by name before any credit is taken
    Given she is on the Patriot plan with 5 credits
    When she compares the PDF "wpld-ordinance-20-21-02-maintenance-levy.pdf" with "not-a-pdf.png", an image named as a PDF
    Then the comparison is refused as not a PDF: "Later version: Only PDF files are accepted."
    And she still has 5 credits
    And her analyses list is empty

  Scenario: A Patriot without credits is refused, and nothing is taken
    Given she is on the Patriot plan with 0 credits
    When she pastes the text of "wpld-ordinance-20-21-02-maintenance-levy.pdf" as the earlier version, and as the later its text corrected, titled "Levy ordinance 20-21-02, corrected", in which "July 23, 2020" became "July 30, 2020"
    Then the comparison is refused for lack of credits: "You need credits to perform analysis. Please upgrade your account."
    And she still has 0 credits
    And her analyses list is empty

  Scenario: A version that cannot be opened is refused before the credit is taken
    Given she is on the Defender plan with 3 credits
    When she compares the PDF "wpld-ordinance-20-21-02-maintenance-levy.pdf" with the broken PDF "truncated.pdf"
    Then the comparison is refused because the later version cannot be read
    And she still has 3 credits
    And no credit was taken for it
    And her analyses list is empty
    And neither version is kept

  Scenario: A comparison that fails because a version has no text gives the credit back
    Given she is on the Defender plan with 3 credits
    When she compares the PDF "wpld-ordinance-20-21-02-maintenance-levy.pdf" with the blank PDF "blank.pdf"
    Then the comparison fails because the later version has no text
    And she still has 3 credits
    And her credit history shows the refund of that analysis
    And her analyses list is empty
    And neither version is kept

  Scenario: Two documents that are not versions of one another are said to be so, for one credit
    Given she is on the Defender plan with 3 credits
    When she compares the PDF "wpld-ordinance-20-21-02-maintenance-levy.pdf" with the PDF "chicago-ssa21-minutes-2018-01-29.pdf"
    Then the comparison says first: "These two documents do not look like versions of one document: only the differences in amounts and dates found are listed."
    And she has 2 credits
    And her analyses list shows "chicago-ssa21-minutes-2018-01-29" as a comparison
    And neither version is kept, only the comparison
