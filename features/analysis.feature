Feature: Analysing a document
  A signed-in citizen has a PDF or pasted text analysed. Each plan has its limits: a Citizen may send
  1 PDF page or 1,000 characters and gets a federal analysis; Patriot and Defender may send 5 pages or
  10,000 characters, choose their state and ask for a custom analysis. A refused analysis costs nothing.

  Background:
    Given "Rosa" has registered with the e-mail "rosa@example.org" and the password "liberty1"

  Scenario: A Citizen has a one-page PDF analysed
    When she analyses the PDF "scotus-transcript-p1.pdf"
    Then the analysis is complete
    And her analyses list shows "scotus-transcript-p1" as a PDF

  Scenario: A document in another language is analysed, its language named, with a plain word on how far to trust it
    When she pastes an ordinance written in Spanish for analysis
    Then the analysis is complete
    And the analysis names the document's language: "Spanish"
    And the analysis warns: "This document appears to be in Spanish. The built-in analyzer is designed for English, so its summary, findings and sentiment rating may be less reliable."

  Scenario: A document in English carries no such warning
    When she pastes an ordinance for analysis
    Then the analysis is complete
    And the analysis names the document's language: "English"
    And the analysis carries no warning

  Scenario: A Citizen may paste exactly 1,000 characters
    When she pastes 1000 characters of an ordinance for analysis
    Then the analysis is complete
    And her analyses list shows "Text Document" as text

  Scenario: A Citizen pastes more text than her plan allows
    When she pastes 1001 characters of an ordinance for analysis
    Then the text is refused as over her plan's limit: "This text has 1,001 characters; your Citizen plan allows up to 1,000 characters."
    And she still has 1 credit

  Scenario: A Citizen uploads a PDF with more pages than her plan allows
    When she analyses the PDF "ok-able-commission-licenses-m27.pdf"
    Then the PDF is refused as over her plan's page limit: "Your Citizen plan allows PDFs of up to 1 page; this one has more."
    And she still has 1 credit

  Scenario: Text shorter than 50 characters is refused
    When she pastes "Too short to analyse, really." for analysis
    Then the analysis is refused with "The document needs at least 50 characters of text to analyse."
    And she still has 1 credit

  Scenario: State selection is for paying subscribers
    When she asks for a state-level analysis for "IL" of pasted text
    Then the analysis is refused for her plan: "State selection available for paying subscribers. Upgrade to select a state."
    And she still has 1 credit

  Scenario: Custom analysis is for paying subscribers
    When she asks for a custom analysis focused on "library spending" of pasted text
    Then the analysis is refused for her plan: "Custom analysis available for paying subscribers. Upgrade to access custom analysis."
    And she still has 1 credit

  Scenario: A Patriot has a three-page PDF analysed for her state, with her own focus
    Given she is on the Patriot plan with 5 credits
    When she asks for a custom analysis focused on "who pays the levy" of the PDF "wpld-ordinance-20-21-02-maintenance-levy.pdf" for the state "IL"
    Then the analysis is complete
    And the analysis warns: "This analysis checked the document against the US Constitution only. Checking it against Illinois law needs a language-model analyzer, which this server does not have."
    And she has 4 credits
    And her analyses list shows "wpld-ordinance-20-21-02-maintenance-levy" as a PDF

  Scenario: Users reach only their own analyses
    Given she has analysed pasted text titled "Library levy"
    And she has signed out
    And "Bob" has registered with the e-mail "bob@example.org" and the password "liberty1"
    Then his analyses list is empty
    And he cannot open the analysis "Library levy"
    And he cannot delete the analysis "Library levy"
    When she signs in with the e-mail "rosa@example.org" and the password "liberty1"
    Then she can open the analysis "Library levy"
    And her analyses list shows "Library levy" as text

  Scenario: A citizen deletes one of her analyses
    Given she has analysed pasted text titled "Library levy"
    When she deletes the analysis "Library levy"
    Then her analyses list is empty
    And she has 0 credits
