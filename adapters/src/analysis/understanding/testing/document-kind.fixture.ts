import type { DocumentKind } from '@civicwatch/core/contracts/analysis-catalogue.ts';

/**
 * Openings of documents of every kind, written in the styles of US cities, counties, states and federal
 * agencies, France, Quebec, Spain and Argentina; none of them is in the corpus. Each is a list of page texts,
 * and checks that the kind detector generalises past the documents it was tuned on.
 */
export interface KindSample {
  kind: DocumentKind;
  language: 'en' | 'fr' | 'es';
  name: string;
  pages: string[];
}

export const kindSamples: KindSample[] = [
  // ---------------------------------------------------------------- minutes
  {
    kind: 'minutes',
    language: 'en',
    name: 'Texas city council minutes',
    pages: [
      `CITY OF ROUND ROCK, TEXAS
REGULAR CITY COUNCIL MEETING
MINUTES
Thursday, March 9, 2023

The City Council of Round Rock, Texas, met in regular session on Thursday, March 9, 2023, in the
City Council Chamber, 221 East Main Street.

1. CALL TO ORDER
Mayor Craig Morgan called the meeting to order at 6:00 p.m.

2. ROLL CALL
Present: Mayor Craig Morgan, Mayor Pro-Tem Rene Flores and Councilmembers Michelle Ly, Frank Ortega,
Kristin Stevens and Matthew Baker. Absent: Councilmember Hilda Montgomery.

5. CONSENT AGENDA
Motion by Councilmember Ortega, seconded by Councilmember Ly, to approve the consent agenda as presented.
Vote: Ayes: Morgan, Flores, Ly, Ortega, Stevens, Baker. Nays: None. Motion passed 6-0.

6A. Consider an ordinance amending Chapter 10 of the Code of Ordinances regarding parking. (Second reading)
Motion by Councilmember Stevens, seconded by Mayor Pro-Tem Flores, to adopt the ordinance.
The motion carried unanimously.`,
    ],
  },
  {
    kind: 'minutes',
    language: 'en',
    name: 'Minnesota county board proceedings',
    pages: [
      `OFFICIAL PROCEEDINGS
BOARD OF COUNTY COMMISSIONERS
STEARNS COUNTY, MINNESOTA
April 4, 2023

The Stearns County Board of Commissioners met at 9:00 a.m. in the County Board Room with all members
present: Chair Tarryl Clark, Commissioners Joe Perske, Leigh Lenzmeier, Jeff Mergen and Steve Notch.

Commissioner Perske moved, seconded by Commissioner Notch, to approve the agenda. Motion carried
unanimously.

Commissioner Lenzmeier moved, seconded by Commissioner Mergen, to approve the minutes of March 21, 2023.
Motion carried 5-0.

Public Works Director presented bids for the County Road 120 reconstruction project. Low bid was
received from Knife River Corporation in the amount of $2,418,611.25. Commissioner Mergen moved,
seconded by Commissioner Perske, to award the contract. Motion carried unanimously.

There being no further business, the meeting was adjourned at 10:42 a.m.`,
    ],
  },
  {
    kind: 'minutes',
    language: 'fr',
    name: 'Quebec procès-verbal',
    pages: [
      `PROVINCE DE QUÉBEC
MUNICIPALITÉ DE SAINT-COLOMBAN

PROCÈS-VERBAL de la séance ordinaire du conseil municipal tenue le mardi 14 mars 2023 à 19 h, à la salle
du conseil, sous la présidence de monsieur le maire Xavier-Antoine Lalande.

Sont présents les conseillères et conseillers : Julie Tremblay, Marc Gagnon, Stéphanie Parent, Éric Milot.
Formant quorum sous la présidence du maire.

2023-03-045 ADOPTION DE L'ORDRE DU JOUR
Il est proposé par la conseillère Julie Tremblay, appuyé par le conseiller Marc Gagnon et résolu à
l'unanimité des conseillers présents d'adopter l'ordre du jour tel que présenté.
ADOPTÉE À L'UNANIMITÉ

2023-03-046 OCTROI DU CONTRAT DE DÉNEIGEMENT
Il est proposé par le conseiller Éric Milot, appuyé par la conseillère Stéphanie Parent et résolu
d'octroyer le contrat à Les Entreprises Forget inc. pour un montant de 245 312,50 $ taxes incluses.
ADOPTÉE À L'UNANIMITÉ`,
    ],
  },
  {
    kind: 'minutes',
    language: 'fr',
    name: 'French commune conseil municipal procès-verbal',
    pages: [
      `COMMUNE DE SAINT-HILAIRE-DE-RIEZ
PROCÈS-VERBAL DU CONSEIL MUNICIPAL
Séance du 28 mars 2023

L'an deux mille vingt-trois, le vingt-huit mars à dix-neuf heures, le Conseil Municipal légalement
convoqué s'est réuni à la mairie, en séance publique, sous la présidence de M. Laurent Boudelier, Maire.

Présents : 24 - Absents excusés : 3 - Pouvoirs : 2 - Votants : 26
Secrétaire de séance : Mme Anne Garnier

1. Approbation du procès-verbal de la séance du 7 février 2023
Le procès-verbal est approuvé à l'unanimité.

2. Vote des taux d'imposition 2023
Après en avoir délibéré, le Conseil Municipal, par 22 voix pour et 4 abstentions, DÉCIDE de maintenir
les taux de la taxe foncière sur les propriétés bâties à 38,15 %.`,
    ],
  },
  {
    kind: 'minutes',
    language: 'es',
    name: 'Spanish pleno acta',
    pages: [
      `AYUNTAMIENTO DE VILLANUEVA DEL ARZOBISPO (JAÉN)

ACTA DE LA SESIÓN ORDINARIA CELEBRADA POR EL PLENO DEL AYUNTAMIENTO EL DÍA 30 DE MARZO DE 2023

En el Salón de Sesiones de la Casa Consistorial, siendo las diecinueve horas del día treinta de marzo de
dos mil veintitrés, se reúnen en primera convocatoria los señores concejales que a continuación se
relacionan, bajo la Presidencia del Sr. Alcalde, asistidos por la Secretaria de la Corporación.

PRIMERO.- APROBACIÓN DEL ACTA DE LA SESIÓN ANTERIOR.
No formulándose observaciones, queda aprobada por unanimidad el acta de la sesión de 26 de enero.

SEGUNDO.- MODIFICACIÓN DE CRÉDITO 3/2023.
Sometido el asunto a votación, el Pleno, con siete votos a favor (PSOE) y cuatro abstenciones (PP),
ACUERDA aprobar inicialmente el expediente de modificación de crédito.

Y no habiendo más asuntos que tratar, se levanta la sesión siendo las veinte horas y quince minutos.`,
    ],
  },
  {
    kind: 'minutes',
    language: 'es',
    name: 'Argentine concejo deliberante acta',
    pages: [
      `HONORABLE CONCEJO DELIBERANTE DE TANDIL
ACTA N° 1523
SESIÓN ORDINARIA DEL 13 DE ABRIL DE 2023

En la ciudad de Tandil, a los trece días del mes de abril de 2023, siendo las 10:15 horas, con la
presencia de diecinueve concejales, se da inicio a la sesión ordinaria convocada por Decreto N° 412.
Ausentes con aviso: concejal Martín Fernández.

Puesto a consideración el Acta de la sesión anterior, resulta aprobada por unanimidad.

EXPEDIENTE 154/2023: Proyecto de Ordenanza del Departamento Ejecutivo sobre tasa vial. Puesto a
votación en general y en particular, resulta aprobado por mayoría, con catorce votos afirmativos y
cinco negativos.

No habiendo más asuntos que tratar, se levanta la sesión siendo las 12:40 horas.`,
    ],
  },

  // ---------------------------------------------------------------- agendas
  {
    kind: 'agenda',
    language: 'en',
    name: 'California city council agenda',
    pages: [
      `CITY OF SANTA CRUZ
CITY COUNCIL AGENDA
Regular Meeting
May 9, 2023
Council Chambers, 809 Center Street

10:00 AM  CLOSED SESSION
1. Conference with Legal Counsel – Existing Litigation (Gov. Code § 54956.9(d)(1))

12:00 PM  CALL TO ORDER
ROLL CALL
PLEDGE OF ALLEGIANCE
PRESENTATIONS
ORAL COMMUNICATIONS (PUBLIC COMMENT)
Members of the public may speak for up to two minutes on items not on the agenda.

CONSENT AGENDA
2. Minutes of the April 25, 2023 City Council Meeting (CC)
Motion to approve as submitted.
3. Resolution Authorizing the Purchase of Two Refuse Trucks (PW)
Resolution authorizing the purchase in an amount not to exceed $1,150,000.

GENERAL BUSINESS
4. Fiscal Year 2024 Proposed Budget Study Session (FN)

ADJOURNMENT`,
    ],
  },
  {
    kind: 'agenda',
    language: 'en',
    name: 'Ohio school board order of business',
    pages: [
      `WORTHINGTON CITY SCHOOLS
BOARD OF EDUCATION
REGULAR MEETING
Monday, February 13, 2023 – 7:00 p.m.
Worthington Education Center

ORDER OF BUSINESS
I. Call to Order
II. Roll Call
III. Pledge of Allegiance
IV. Approval of the Agenda
V. Recognitions
VI. Public Participation
VII. Superintendent's Report
VIII. Treasurer's Report
IX. Action Items
   A. Approval of the Minutes of the January 23, 2023 Meeting
   B. Personnel Recommendations
   C. Acceptance of Donations
X. Executive Session – to consider the employment of a public employee
XI. Adjournment`,
    ],
  },
  {
    kind: 'agenda',
    language: 'fr',
    name: 'French conseil municipal ordre du jour',
    pages: [
      `VILLE DE LANDERNEAU
CONVOCATION DU CONSEIL MUNICIPAL
Le Conseil municipal se réunira en séance publique le mercredi 12 avril 2023 à 20 heures, salle du conseil.

ORDRE DU JOUR
1. Désignation du secrétaire de séance
2. Approbation du procès-verbal de la séance du 8 mars 2023
3. Budget primitif 2023 – Vote des taux d'imposition
4. Subventions aux associations sportives
5. Convention avec la Communauté d'agglomération pour l'instruction des autorisations d'urbanisme
6. Questions diverses

Le Maire,
Patrick Leclerc`,
    ],
  },
  {
    kind: 'agenda',
    language: 'es',
    name: 'Spanish pleno convocatoria',
    pages: [
      `AYUNTAMIENTO DE ALCALÁ DE GUADAÍRA
CONVOCATORIA
SESIÓN ORDINARIA DEL PLENO

Por la presente se le convoca a la sesión ordinaria que celebrará el Pleno de este Ayuntamiento el
próximo jueves, 20 de abril de 2023, a las 18:00 horas, en el Salón de Plenos, con arreglo al siguiente

ORDEN DEL DÍA
1.- Lectura y aprobación, si procede, del acta de la sesión anterior de 16 de marzo de 2023.
2.- Dar cuenta de las resoluciones de la Alcaldía dictadas desde la última sesión.
3.- Aprobación inicial de la modificación de la Ordenanza fiscal reguladora del IBI.
4.- Moción del grupo municipal sobre la mejora del transporte público.
5.- Ruegos y preguntas.

La Alcaldesa-Presidenta`,
    ],
  },
  {
    kind: 'agenda',
    language: 'fr',
    name: 'Quebec séance ordinaire ordre du jour',
    pages: [
      `VILLE DE MAGOG
ORDRE DU JOUR
Séance ordinaire du conseil municipal du lundi 17 avril 2023 à 19 h 30

1. Ouverture de la séance
2. Adoption de l'ordre du jour
3. Adoption du procès-verbal de la séance ordinaire du 3 avril 2023
4. Période de questions
5. Avis de motion et dépôt du projet de règlement 2789-2023 modifiant le règlement de zonage
6. Adoption du règlement 2785-2023 concernant la circulation
7. Octroi d'un contrat pour la réfection de la rue Principale Ouest
8. Varia
9. Levée de la séance`,
    ],
  },
  {
    kind: 'agenda',
    language: 'es',
    name: 'Argentine concejo orden del día',
    pages: [
      `HONORABLE CONCEJO DELIBERANTE DE BAHÍA BLANCA
ORDEN DEL DÍA
SESIÓN ORDINARIA – 27 DE ABRIL DE 2023 – 17:00 HORAS

1. Izamiento de la Bandera.
2. Consideración del acta de la sesión anterior.
3. Comunicaciones oficiales del Departamento Ejecutivo.
4. Expedientes con despacho de comisión:
   4.1. Expte. 1234-HCD-2023: Proyecto de Ordenanza sobre regulación del estacionamiento medido.
   4.2. Expte. 1301-HCD-2023: Proyecto de Comunicación sobre reparación de luminarias.
5. Asuntos entrados.`,
    ],
  },

  // ---------------------------------------------------------------- ordinances and resolutions
  {
    kind: 'ordinance',
    language: 'en',
    name: 'California city ordinance',
    pages: [
      `ORDINANCE NO. 2023-14

AN ORDINANCE OF THE CITY COUNCIL OF THE CITY OF PETALUMA AMENDING CHAPTER 9.12 OF THE PETALUMA
MUNICIPAL CODE TO PROHIBIT THE SALE OF FLAVORED TOBACCO PRODUCTS

WHEREAS, the use of flavored tobacco products by youth has increased; and
WHEREAS, the City Council finds that restricting their sale protects public health;
NOW, THEREFORE, THE CITY COUNCIL OF THE CITY OF PETALUMA DOES ORDAIN AS FOLLOWS:

Section 1. Chapter 9.12 of the Petaluma Municipal Code is amended to read as follows:
Section 2. This ordinance shall take effect thirty days after its adoption.

INTRODUCED and ordered published this 20th day of March, 2023.
PASSED AND ADOPTED this 3rd day of April, 2023, by the following vote:
AYES: Barnacle, Cader Thompson, Healy, McDonnell, Pocekay
NOES: None`,
    ],
  },
  {
    kind: 'ordinance',
    language: 'en',
    name: 'Florida county resolution',
    pages: [
      `RESOLUTION NO. 2023-045

A RESOLUTION OF THE BOARD OF COUNTY COMMISSIONERS OF ALACHUA COUNTY, FLORIDA, ADOPTING A
SCHEDULE OF FEES FOR SOLID WASTE COLLECTION; PROVIDING AN EFFECTIVE DATE.

WHEREAS, Section 125.01, Florida Statutes, authorizes the County to provide solid waste services; and
WHEREAS, the Board held a public hearing on April 11, 2023;
NOW, THEREFORE, BE IT RESOLVED BY THE BOARD OF COUNTY COMMISSIONERS OF ALACHUA COUNTY, FLORIDA:
Section 1. The fee schedule attached as Exhibit A is adopted.
Section 2. This resolution shall take effect on October 1, 2023.

DULY ADOPTED in regular session, this 11th day of April, 2023.`,
    ],
  },
  {
    kind: 'ordinance',
    language: 'fr',
    name: 'Quebec règlement d\'emprunt',
    pages: [
      `PROVINCE DE QUÉBEC
VILLE DE GRANBY

RÈGLEMENT NUMÉRO 2023-05 DÉCRÉTANT UNE DÉPENSE ET UN EMPRUNT DE 1 250 000 $ POUR DES TRAVAUX DE
RÉFECTION DE CHAUSSÉE

ATTENDU QUE l'avis de motion du présent règlement a été donné à la séance du 6 mars 2023;
ATTENDU QUE le projet de règlement a été déposé à cette même séance;
EN CONSÉQUENCE, le conseil décrète ce qui suit :

ARTICLE 1 Le conseil est autorisé à exécuter des travaux de réfection de chaussée selon l'estimation
détaillée jointe au présent règlement.
ARTICLE 2 Le conseil est autorisé à dépenser une somme n'excédant pas 1 250 000 $.
ARTICLE 3 Le présent règlement entre en vigueur conformément à la loi.`,
    ],
  },
  {
    kind: 'ordinance',
    language: 'fr',
    name: 'French arrêté municipal',
    pages: [
      `RÉPUBLIQUE FRANÇAISE
COMMUNE DE VERTOU
ARRÊTÉ MUNICIPAL N° 2023-112
portant réglementation temporaire de la circulation rue de la Garenne

Le Maire de la Commune de Vertou,
Vu le Code général des collectivités territoriales, notamment ses articles L. 2212-1 et L. 2213-1,
Vu le Code de la route,
Considérant que des travaux de raccordement au réseau d'assainissement nécessitent de réglementer la
circulation,

ARRÊTE :
Article 1 : La circulation sera interdite rue de la Garenne du 17 au 21 avril 2023.
Article 2 : Une déviation sera mise en place par la rue des Pins.
Article 3 : Le présent arrêté sera affiché en mairie.`,
    ],
  },
  {
    kind: 'ordinance',
    language: 'fr',
    name: 'French extrait du registre des délibérations',
    pages: [
      `EXTRAIT DU REGISTRE DES DÉLIBÉRATIONS DU CONSEIL MUNICIPAL
COMMUNE DE PLOUGASTEL-DAOULAS
Délibération n° 2023-031
Objet : Tarifs de la restauration scolaire à compter du 1er septembre 2023

Considérant la hausse du coût des denrées alimentaires,
Vu l'avis favorable de la commission enfance jeunesse du 14 mars 2023,
Le Conseil Municipal, après en avoir délibéré, DÉCIDE de fixer le prix du repas à 3,40 € pour les
élèves domiciliés dans la commune.
Pour extrait certifié conforme.`,
    ],
  },
  {
    kind: 'ordinance',
    language: 'es',
    name: 'Spanish ordenanza fiscal',
    pages: [
      `AYUNTAMIENTO DE TORREJÓN DE ARDOZ
ORDENANZA FISCAL REGULADORA DE LA TASA POR RECOGIDA DE RESIDUOS SÓLIDOS URBANOS

Artículo 1. Fundamento y naturaleza.
En uso de las facultades concedidas por los artículos 133.2 y 142 de la Constitución y por el artículo 106
de la Ley 7/1985, de 2 de abril, este Ayuntamiento establece la tasa por recogida de residuos.
Artículo 2. Hecho imponible.
Constituye el hecho imponible de la tasa la prestación del servicio de recepción obligatoria de recogida
de residuos sólidos urbanos.
Artículo 3. Cuota tributaria.
Viviendas: 72,50 euros anuales. Locales comerciales: 145,00 euros anuales.
Disposición final. La presente Ordenanza entrará en vigor el día de su publicación en el Boletín Oficial.`,
    ],
  },
  {
    kind: 'ordinance',
    language: 'es',
    name: 'Argentine ordenanza',
    pages: [
      `VISTO:
El expediente N° 4021-S-2023 iniciado por la Secretaría de Obras Públicas; y
CONSIDERANDO:
Que resulta necesario regular el uso del espacio público por parte de los comercios gastronómicos;
Que la Comisión de Legislación ha emitido despacho favorable;
Por ello,
EL HONORABLE CONCEJO DELIBERANTE DE LA CIUDAD DE RÍO CUARTO
SANCIONA CON FUERZA DE ORDENANZA
ARTÍCULO 1°.- Establécese el régimen de permisos de uso de veredas para mesas y sillas.
ARTÍCULO 2°.- El permiso tendrá vigencia anual y deberá renovarse antes del 31 de marzo.
ARTÍCULO 3°.- Comuníquese al Departamento Ejecutivo, publíquese y archívese.`,
    ],
  },
  {
    kind: 'ordinance',
    language: 'es',
    name: 'Spanish decreto de alcaldía',
    pages: [
      `DECRETO DE ALCALDÍA Nº 2023/0456
Asunto: Delegación de funciones en la Primera Teniente de Alcalde

Visto que el Sr. Alcalde se ausentará del municipio entre los días 7 y 16 de agosto de 2023,
Considerando lo dispuesto en los artículos 23.3 y 21.3 de la Ley 7/1985, Reguladora de las Bases del
Régimen Local,
RESUELVO:
PRIMERO.- Delegar la totalidad de las funciones de la Alcaldía en la Primera Teniente de Alcalde.
SEGUNDO.- Dar cuenta al Pleno en la primera sesión que celebre.`,
    ],
  },

  // ---------------------------------------------------------------- bills
  {
    kind: 'bill',
    language: 'en',
    name: 'US House bill',
    pages: [
      `118TH CONGRESS
1ST SESSION
H. R. 3935

To amend title 49, United States Code, to reauthorize and improve the Federal Aviation Administration.

IN THE HOUSE OF REPRESENTATIVES
JUNE 9, 2023
Mr. GRAVES of Missouri (for himself, Mr. LARSEN of Washington, Mr. NEHLS, and Mr. COHEN) introduced the
following bill; which was referred to the Committee on Transportation and Infrastructure

A BILL
To amend title 49, United States Code, to reauthorize and improve the Federal Aviation Administration.

Be it enacted by the Senate and House of Representatives of the United States of America in Congress
assembled,
SECTION 1. SHORT TITLE.
This Act may be cited as the "Securing Growth and Robust Leadership in American Aviation Act".`,
    ],
  },
  {
    kind: 'bill',
    language: 'en',
    name: 'Washington State house bill',
    pages: [
      `HOUSE BILL 1127
State of Washington 68th Legislature 2023 Regular Session
By Representatives Ramos, Goodman, and Reed
Read first time 01/09/23. Referred to Committee on Community Safety, Justice, & Reentry.

AN ACT Relating to the use of automated traffic safety cameras; amending RCW 46.63.170; and creating a
new section.

BE IT ENACTED BY THE LEGISLATURE OF THE STATE OF WASHINGTON:

Sec. 1. RCW 46.63.170 and 2020 c 224 s 1 are each amended to read as follows:
(1) The use of automated traffic safety cameras for issuance of notices of infraction is subject to
the following requirements:`,
    ],
  },
  {
    kind: 'bill',
    language: 'fr',
    name: 'French projet de loi',
    pages: [
      `N° 443
SÉNAT
SESSION ORDINAIRE DE 2022-2023

PROJET DE LOI
relatif à l'accélération des procédures liées à la construction de nouvelles installations nucléaires

EXPOSÉ DES MOTIFS
Mesdames, Messieurs,
Le présent projet de loi vise à accélérer les procédures administratives applicables à la construction
de nouveaux réacteurs électronucléaires à proximité de sites existants.

Article 1er
Le présent titre s'applique aux projets d'installations nucléaires de base.`,
    ],
  },
  {
    kind: 'bill',
    language: 'es',
    name: 'Argentine proyecto de ley',
    pages: [
      `PROYECTO DE LEY
El Senado y Cámara de Diputados de la Nación Argentina reunidos en Congreso, etc., sancionan con fuerza de
Ley:
RÉGIMEN DE PROMOCIÓN DE LA ECONOMÍA DEL CONOCIMIENTO
ARTÍCULO 1°.- Créase el Régimen de Promoción de la Economía del Conocimiento, que regirá en todo el
territorio de la República Argentina.
ARTÍCULO 2°.- Comuníquese al Poder Ejecutivo.

FUNDAMENTOS
Señor Presidente:
El presente proyecto tiene por objeto promover actividades económicas que apliquen el uso del
conocimiento y la digitalización de la información.`,
    ],
  },

  // ---------------------------------------------------------------- rules
  {
    kind: 'rule',
    language: 'en',
    name: 'EPA final rule',
    pages: [
      `Rules and Regulations Federal Register
Vol. 88, No. 72
Friday, April 14, 2023

ENVIRONMENTAL PROTECTION AGENCY
40 CFR Part 52
[EPA-R05-OAR-2022-0456; FRL-10622-02-R5]

Air Plan Approval; Ohio; Revisions to Ohio Administrative Code Chapter 3745-21

AGENCY: Environmental Protection Agency (EPA).
ACTION: Final rule.
SUMMARY: The Environmental Protection Agency is approving a State Implementation Plan revision submitted
by the Ohio Environmental Protection Agency.
DATES: This final rule is effective on May 15, 2023.
FOR FURTHER INFORMATION CONTACT: Charles Hatten, Environmental Engineer, Air Programs Branch.`,
    ],
  },
  {
    kind: 'rule',
    language: 'en',
    name: 'Texas Register proposed rules',
    pages: [
      `PROPOSED RULES
TITLE 30. ENVIRONMENTAL QUALITY
PART 1. TEXAS COMMISSION ON ENVIRONMENTAL QUALITY
CHAPTER 115. CONTROL OF AIR POLLUTION FROM VOLATILE ORGANIC COMPOUNDS

The Texas Commission on Environmental Quality (TCEQ, agency, or commission) proposes amendments to
§115.10 and §115.112.

Background and Summary of the Factual Basis for the Proposed Rules
The amendments are proposed to satisfy requirements of the federal Clean Air Act.

Submittal of Comments
Written comments may be submitted to Gwen Ricco, MC 205, Office of Legal Services, Texas Commission on
Environmental Quality, P.O. Box 13087, Austin, Texas 78711-3087. All comments must be received by 11:59
p.m. on June 5, 2023.`,
    ],
  },
  {
    kind: 'rule',
    language: 'fr',
    name: 'Quebec projet de règlement in the Gazette officielle',
    pages: [
      `Projet de règlement
Loi sur la qualité de l'environnement
(chapitre Q-2)

Redevances exigibles pour l'utilisation de l'eau
— Modification

Avis est donné par les présentes, conformément aux articles 10 et 11 de la Loi sur les règlements
(chapitre R-18.1), que le projet de règlement modifiant le Règlement sur la redevance exigible pour
l'utilisation de l'eau, dont le texte apparaît ci-dessous, pourra être édicté par le gouvernement à
l'expiration d'un délai de 45 jours à compter de la présente publication.
Toute personne intéressée ayant des commentaires à formuler est priée de les faire parvenir par écrit
avant l'expiration de ce délai.`,
    ],
  },

  // ---------------------------------------------------------------- decisions
  {
    kind: 'decision',
    language: 'en',
    name: 'Oregon Court of Appeals opinion',
    pages: [
      `IN THE COURT OF APPEALS OF THE STATE OF OREGON

STATE OF OREGON,
Plaintiff-Respondent,
v.
DANIEL JAMES HOLLOWAY,
Defendant-Appellant.

Multnomah County Circuit Court
19CR45021; A174512

Argued and submitted February 2, 2023.
Before Tookey, Presiding Judge, and Egan, Judge, and Kamins, Judge.

KAMINS, J.
Defendant appeals a judgment of conviction for unlawful possession of a firearm, assigning error to
the trial court's denial of his motion to suppress. We conclude that the officer lacked reasonable
suspicion for the stop, and we therefore reverse and remand.
Reversed and remanded.`,
    ],
  },
  {
    kind: 'decision',
    language: 'en',
    name: 'Boston zoning board of appeal decision',
    pages: [
      `CITY OF BOSTON
BOARD OF APPEAL
DECISION

Appeal No. BOA-1412578
Address: 45 Sumner Street, Ward 1
Appellant: Maria Chen

The appellant sought variances from the Boston Zoning Code to add a third-floor dormer. A public hearing
was held on March 14, 2023.
After hearing all the facts and evidence, the Board finds that the variances requested will not be
injurious to the neighborhood, and that a literal enforcement of the Code would result in a substantial
hardship. The appeal is GRANTED with the proviso that final plans be submitted for design review.`,
    ],
  },
  {
    kind: 'decision',
    language: 'fr',
    name: 'French tribunal administratif jugement',
    pages: [
      `TRIBUNAL ADMINISTRATIF DE NANTES
N° 2201234
M. Jacques Durand c/ Commune de Rezé

JUGEMENT du 12 mai 2023

Vu la procédure suivante :
Par une requête enregistrée le 3 mars 2022, M. Durand demande au tribunal d'annuler l'arrêté du 6 janvier
2022 par lequel le maire de Rezé a refusé de lui délivrer un permis de construire.

Considérant ce qui suit :
1. Il ressort des pièces du dossier que le terrain d'assiette du projet est situé en zone naturelle.

PAR CES MOTIFS, LE TRIBUNAL DÉCIDE :
Article 1er : La requête de M. Durand est rejetée.`,
    ],
  },
  {
    kind: 'decision',
    language: 'es',
    name: 'Spanish contencioso sentencia',
    pages: [
      `JUZGADO DE LO CONTENCIOSO-ADMINISTRATIVO N.º 2 DE SEVILLA
Procedimiento abreviado 312/2022

SENTENCIA N.º 123/2023
En Sevilla, a 18 de abril de 2023.

ANTECEDENTES DE HECHO
PRIMERO.- Por la representación de la recurrente se interpuso recurso contencioso-administrativo contra
la resolución del Ayuntamiento de Dos Hermanas de 4 de mayo de 2022.

FUNDAMENTOS DE DERECHO
PRIMERO.- La cuestión litigiosa se centra en determinar la conformidad a derecho de la sanción impuesta.

FALLO
Que debo estimar y estimo el recurso interpuesto, anulando la resolución recurrida. Sin costas.`,
    ],
  },

  // ---------------------------------------------------------------- transcripts
  {
    kind: 'transcript',
    language: 'en',
    name: 'Planning commission hearing transcript',
    pages: [
      `CITY OF PORTLAND
PLANNING COMMISSION
TRANSCRIPT OF PUBLIC HEARING
March 28, 2023

CHAIR SPEVAK: Good evening. We'll open the hearing on the residential infill project. Staff, please go
ahead.
MS. ARMSTRONG: Thank you, Chair. The proposal before you amends the zoning map in four areas.
COMMISSIONER BACHRACH: Can you say how many units that would allow?
MS. ARMSTRONG: Roughly twelve hundred over twenty years.
CHAIR SPEVAK: Thank you. We'll now hear public testimony. First up is Mr. Lopez.
MR. LOPEZ: My name is Daniel Lopez and I live on Southeast Harold Street.`,
    ],
  },
  {
    kind: 'transcript',
    language: 'es',
    name: 'Argentine versión taquigráfica',
    pages: [
      `HONORABLE CÁMARA DE DIPUTADOS DE LA NACIÓN
VERSIÓN TAQUIGRÁFICA
12ª REUNIÓN – 8ª SESIÓN ORDINARIA
19 de abril de 2023

Sr. Presidente (Moreau).- Continúa la sesión.
Tiene la palabra el señor diputado por Buenos Aires.
Sr. López.- Gracias, señor presidente. Este proyecto viene a resolver un problema que arrastramos hace
años en materia de alquileres.
Sra. Vidal.- Pido la palabra para una interrupción.
Sr. Presidente (Moreau).- ¿Le concede la interrupción, señor diputado?
Sr. López.- Sí, señor presidente.`,
    ],
  },
  {
    kind: 'transcript',
    language: 'fr',
    name: 'Quebec journal des débats',
    pages: [
      `Journal des débats
de la Commission de l'aménagement du territoire
Le mardi 16 mai 2023 — Vol. 47 N° 12

Le Président (M. Schneeberger) : À l'ordre, s'il vous plaît ! Ayant constaté le quorum, je déclare la
séance de la Commission de l'aménagement du territoire ouverte.
Mme Laforest : Merci, M. le Président. Je suis heureuse de présenter ce projet de loi.
M. Fontecilla : Merci, M. le Président. J'aimerais poser une question à la ministre.
Mme Laforest : Oui, bien sûr.`,
    ],
  },

  // ---------------------------------------------------------------- notices
  {
    kind: 'notice',
    language: 'en',
    name: 'Idaho notice of public hearing',
    pages: [
      `NOTICE OF PUBLIC HEARING
CITY OF BOISE

NOTICE IS HEREBY GIVEN that the Boise City Council will hold a public hearing on Tuesday, June 6, 2023,
at 6:00 p.m. in the Council Chambers, 150 N. Capitol Boulevard, to consider an application for the
annexation of 12.4 acres located at 5600 W. Victory Road.
All interested persons may appear and be heard. Written testimony must be received by the Planning
Division no later than noon on June 1, 2023.
Lynda Lowry, City Clerk
Publish: May 17, 2023`,
    ],
  },
  {
    kind: 'notice',
    language: 'en',
    name: 'Virginia notice to bidders',
    pages: [
      `INVITATION TO BID
COUNTY OF HENRICO, VIRGINIA
IFB #23-2412-4JK
Sealed bids will be received by the Purchasing Division until 2:00 p.m. on May 18, 2023, for the
construction of the Three Chopt Road sidewalk improvements. Bids will be publicly opened and read aloud.
A pre-bid conference will be held on May 4, 2023. Bid documents are available on eVA.
The County reserves the right to reject any and all bids.`,
    ],
  },
  {
    kind: 'notice',
    language: 'fr',
    name: 'Quebec avis public',
    pages: [
      `AVIS PUBLIC
DEMANDE DE DÉROGATION MINEURE

AVIS PUBLIC est par la présente donné par la soussignée, greffière de la Ville de Saint-Jérôme, que
le conseil municipal statuera, lors de sa séance ordinaire du 16 mai 2023 à 19 h, sur la demande de
dérogation mineure suivante : 1234, rue Labelle, afin de permettre une marge latérale de 1,2 mètre.
Toute personne intéressée peut se faire entendre par le conseil relativement à cette demande.
Donné à Saint-Jérôme, ce 28 avril 2023.`,
    ],
  },
  {
    kind: 'notice',
    language: 'es',
    name: 'Spanish anuncio de información pública',
    pages: [
      `ANUNCIO
Aprobación inicial del Presupuesto General para el ejercicio 2023

Aprobado inicialmente por el Pleno de este Ayuntamiento, en sesión celebrada el día 30 de marzo de 2023,
el Presupuesto General para el ejercicio 2023, se expone al público durante el plazo de quince días
hábiles, a contar desde el siguiente a la publicación de este anuncio en el Boletín Oficial de la
Provincia, durante los cuales los interesados podrán examinarlo y presentar reclamaciones ante el Pleno.
En Zafra, a 3 de abril de 2023.
El Alcalde`,
    ],
  },
  {
    kind: 'notice',
    language: 'fr',
    name: 'French avis d\'enquête publique',
    pages: [
      `AVIS D'ENQUÊTE PUBLIQUE
Commune de Pornic
Modification n° 2 du Plan Local d'Urbanisme

Par arrêté n° 2023-45 du 3 avril 2023, le Maire de Pornic a ordonné l'ouverture d'une enquête publique
sur le projet de modification n° 2 du plan local d'urbanisme, du 2 mai au 2 juin 2023 inclus.
Le dossier pourra être consulté en mairie aux jours et heures habituels d'ouverture. Chacun pourra
consigner ses observations sur le registre d'enquête.`,
    ],
  },

  // ---------------------------------------------------------------- budgets
  {
    kind: 'budget',
    language: 'en',
    name: 'North Carolina county adopted budget',
    pages: [
      `ORANGE COUNTY, NORTH CAROLINA
FY 2023-24 ADOPTED BUDGET
GENERAL FUND REVENUE SUMMARY

Revenue Source            FY 2022-23 Actual   FY 2023-24 Recommended   FY 2023-24 Adopted
Property Tax                 128,402,115          133,917,422             133,917,422
Sales Tax                     32,550,000           34,100,000              34,100,000
Licenses and Permits             312,500              325,000                 325,000
Intergovernmental             19,872,340           20,114,900              20,114,900
Charges for Services          12,415,600           12,980,300              12,980,300
Transfers from Other Funds     2,100,000            1,850,000               1,850,000
Total General Fund Revenues  195,652,555          203,287,622             203,287,622`,
    ],
  },
  {
    kind: 'budget',
    language: 'fr',
    name: 'French budget primitif',
    pages: [
      `COMMUNE DE BRUZ
BUDGET PRIMITIF 2023
SECTION DE FONCTIONNEMENT – DÉPENSES

Chapitre   Libellé                                         BP 2022          BP 2023
011        Charges à caractère général                   2 450 000,00     2 680 000,00
012        Charges de personnel et frais assimilés       7 120 000,00     7 390 000,00
65         Autres charges de gestion courante              980 000,00     1 020 000,00
66         Charges financières                             210 000,00       245 000,00
           Total des dépenses réelles de fonctionnement 10 760 000,00    11 335 000,00`,
    ],
  },
  {
    kind: 'budget',
    language: 'es',
    name: 'Spanish presupuesto general',
    pages: [
      `PRESUPUESTO GENERAL DEL AYUNTAMIENTO DE LOGROÑO PARA EL EJERCICIO 2023
ESTADO DE GASTOS – RESUMEN POR CAPÍTULOS

Capítulo   Denominación                          Créditos iniciales
1          Gastos de personal                        58.412.300,00
2          Gastos corrientes en bienes y servicios   61.905.120,00
3          Gastos financieros                         1.250.000,00
4          Transferencias corrientes                 14.870.450,00
6          Inversiones reales                        22.315.000,00
           TOTAL GASTOS                             158.752.870,00`,
    ],
  },

  // ---------------------------------------------------------------- reports
  {
    kind: 'report',
    language: 'en',
    name: 'Independent auditor\'s report',
    pages: [
      `INDEPENDENT AUDITOR'S REPORT

To the Honorable Mayor and Members of the City Council
City of Grand Junction, Colorado

Report on the Audit of the Financial Statements
Opinions
We have audited the financial statements of the governmental activities, the business-type activities,
each major fund, and the aggregate remaining fund information of the City of Grand Junction, Colorado,
as of and for the year ended December 31, 2022.
In our opinion, the accompanying financial statements present fairly, in all material respects, the
respective financial position of the City as of December 31, 2022.
Basis for Opinions
We conducted our audit in accordance with auditing standards generally accepted in the United States.`,
    ],
  },
  {
    kind: 'report',
    language: 'en',
    name: 'Planning staff report',
    pages: [
      `STAFF REPORT
TO: Planning Commission
FROM: Jennifer Ortiz, Senior Planner
DATE: April 20, 2023
SUBJECT: Conditional Use Permit CUP-23-004, 1450 Industrial Way

RECOMMENDATION
Staff recommends that the Planning Commission approve the conditional use permit subject to the
conditions of approval in Attachment 1.

BACKGROUND
The applicant proposes to operate a craft brewery with a tasting room in an existing 8,000 square foot
building. The site is zoned Light Industrial.

ANALYSIS
The proposed use is consistent with the General Plan land use designation.`,
    ],
  },
  {
    kind: 'report',
    language: 'fr',
    name: 'French rapport d\'activité',
    pages: [
      `RAPPORT D'ACTIVITÉ 2022
Communauté de communes du Pays de Landivisiau

Le mot du Président
L'année 2022 a été marquée par la mise en service de la nouvelle piscine communautaire et par le
lancement du programme local de l'habitat.

Synthèse
En 2022, la collectivité a collecté 18 450 tonnes de déchets ménagers, soit une baisse de 3 % par rapport
à 2021. Le taux de recyclage atteint 42 %.
Le présent rapport retrace l'activité des services communautaires au cours de l'année écoulée.`,
    ],
  },
  {
    kind: 'report',
    language: 'es',
    name: 'Spanish informe de intervención',
    pages: [
      `INFORME DE INTERVENCIÓN
Asunto: Evaluación del cumplimiento del objetivo de estabilidad presupuestaria en la liquidación del
ejercicio 2022

ANTECEDENTES
El artículo 16 del Real Decreto 1463/2007 establece que la Intervención elevará al Pleno un informe sobre
el cumplimiento del objetivo de estabilidad.

CONCLUSIONES
De los cálculos efectuados se desprende que la entidad cumple el objetivo de estabilidad presupuestaria,
con una capacidad de financiación de 1.245.320,15 euros.
Es cuanto tengo el honor de informar.`,
    ],
  },

  // ---------------------------------------------------------------- tables
  {
    kind: 'table',
    language: 'en',
    name: 'State crime statistics by county',
    pages: [
      `Offenses Known to Law Enforcement by County, 2022
County Population Violent crime Murder Rape Robbery Aggravated assault Property crime Burglary
Adams 35,420 112 2 14 9 87 641 102
Brown 272,881 1,021 11 98 143 769 4,980 611
Calumet 52,442 41 0 9 2 30 402 48
Dane 561,504 1,847 14 201 402 1,230 11,205 1,392
Door 30,066 38 1 6 1 30 310 54
Eau Claire 105,710 290 2 57 31 200 2,512 305
Fond du Lac 104,154 214 3 44 21 146 1,611 189
Grant 51,938 68 0 12 3 53 507 83`,
    ],
  },
  {
    kind: 'table',
    language: 'fr',
    name: 'INSEE population table',
    pages: [
      `Tableau 3 – Population légale des communes au 1er janvier 2020
Code commune Commune Population municipale Population comptée à part Population totale
29003 Bannalec 5 612 118 5 730
29019 Brest 139 926 3 782 143 708
29039 Concarneau 20 076 384 20 460
29075 Guingamp 7 011 201 7 212
29103 Landerneau 16 060 355 16 415
29151 Morlaix 14 686 412 15 098
29232 Quimper 63 849 1 412 65 261`,
    ],
  },
  {
    kind: 'table',
    language: 'en',
    name: 'Payroll listing without a title',
    pages: [
      `Employee Department Title Annual Salary Overtime Total Pay
ABBOTT, KAREN L Parks Recreation Leader 41,220.00 1,204.55 42,424.55
ADAMS, MARCUS J Police Officer 72,915.20 14,602.10 87,517.30
ALVAREZ, LUIS Public Works Maintenance Worker 48,360.00 3,118.40 51,478.40
BAKER, SUSAN M Finance Accountant II 66,830.40 0.00 66,830.40
BROWN, DEREK A Fire Firefighter/EMT 61,505.60 18,220.75 79,726.35
CHEN, AMY Library Librarian I 55,120.00 0.00 55,120.00
DAVIS, ROBERT T Utilities Line Technician 70,012.80 9,875.20 79,888.00`,
    ],
  },

  // ---------------------------------------------------------------- vote records
  {
    kind: 'vote-record',
    language: 'en',
    name: 'County commission roll call record',
    pages: [
      `ROLL CALL VOTES
Board of Commissioners – Regular Meeting of May 2, 2023

Item 7.A – Ordinance 2023-14, Short-Term Rental Regulations
Commissioner Alvarez Aye
Commissioner Brennan Nay
Commissioner Cho Aye
Commissioner Delgado Aye
Commissioner Evans Absent
Result: Adopted 3-1

Item 7.B – Resolution 2023-61, Road Vacation
Commissioner Alvarez Aye
Commissioner Brennan Aye
Commissioner Cho Aye
Commissioner Delgado Aye
Commissioner Evans Absent
Result: Adopted 4-0`,
    ],
  },
  {
    kind: 'vote-record',
    language: 'en',
    name: 'Official election results',
    pages: [
      `OFFICIAL ELECTION RESULTS
Consolidated General Election – April 4, 2023
Village of Oak Park, Cook County

Village President (Vote for 1)
Vicki Scaman 7,412 61.8%
Lucia Robinson 4,581 38.2%

Village Trustee (Vote for 3)
Brian Straw 6,920 22.4%
Chibuike Enyia 6,114 19.8%
Cory Wesley 5,872 19.0%
Registered voters 37,102 Ballots cast 12,111 Turnout 32.6%`,
    ],
  },
  {
    kind: 'vote-record',
    language: 'fr',
    name: 'French résultats du scrutin',
    pages: [
      `RÉSULTATS DU SCRUTIN
Élection municipale partielle – 26 mars 2023
Commune de Saint-Brevin-les-Pins

Inscrits 11 842
Votants 5 106
Bulletins blancs 94
Bulletins nuls 61
Suffrages exprimés 4 951

Liste « Saint-Brevin Ensemble » 2 873 voix 58,03 %
Liste « Agir pour Saint-Brevin » 2 078 voix 41,97 %`,
    ],
  },

  // ---------------------------------------------------------------- plans
  {
    kind: 'plan',
    language: 'en',
    name: 'City strategic plan',
    pages: [
      `CITY OF FORT COLLINS
2022–2026 STRATEGIC PLAN

Mission: Exceptional service for an exceptional community.
Vision: To provide world-class municipal services through operational excellence.

Goal 1: Neighborhood Livability and Social Health
Objective 1.1 Improve access to quality affordable housing.
Objective 1.2 Collaborate to address the impacts of homelessness.
Goal 2: Environmental Health
Objective 2.1 Advance a 100% renewable electricity supply by 2030.
Implementation timeline and performance measures are set out in Appendix A.`,
    ],
  },
  {
    kind: 'plan',
    language: 'fr',
    name: 'French PLU projet d\'aménagement',
    pages: [
      `PLAN LOCAL D'URBANISME
Commune de Guérande
Projet d'Aménagement et de Développement Durables

Orientation 1 : Préserver le cadre de vie et les paysages
Objectif 1.1 – Protéger les marais salants et les espaces agricoles.
Objectif 1.2 – Limiter l'étalement urbain.
Orientation 2 : Accueillir de nouveaux habitants
Objectif 2.1 – Produire 150 logements par an, dont 30 % de logements sociaux.
La mise en œuvre de ces orientations sera suivie par des indicateurs.`,
    ],
  },
  {
    kind: 'plan',
    language: 'es',
    name: 'Spanish plan estratégico de subvenciones',
    pages: [
      `PLAN ESTRATÉGICO DE SUBVENCIONES 2023-2025
Ayuntamiento de Cáceres

Objetivo 1. Fomentar el tejido asociativo del municipio.
Línea de acción 1.1: Subvenciones a asociaciones vecinales para actividades culturales.
Línea de acción 1.2: Ayudas para el mantenimiento de sedes sociales.
Objetivo 2. Impulsar la actividad económica local.
Línea de acción 2.1: Ayudas a la contratación de jóvenes desempleados.
Las metas e indicadores de cada línea se revisarán anualmente.`,
    ],
  },

  // ---------------------------------------------------------------- harder cases: one kind dressed as another
  {
    kind: 'notice',
    language: 'es',
    name: 'Spanish bases de convocatoria for police officers',
    pages: [
      `AYUNTAMIENTO DE MÉRIDA
BASES DE LA CONVOCATORIA PARA LA PROVISIÓN DE DOS PLAZAS DE AGENTE DE POLICÍA LOCAL
Primera.- Objeto de la convocatoria.
Es objeto de la presente convocatoria la provisión, mediante oposición libre, de dos plazas de Agente.
Segunda.- Requisitos de los aspirantes.
Para ser admitidos, los aspirantes deberán reunir los siguientes requisitos: tener la nacionalidad española.
Las solicitudes se presentarán en el plazo de veinte días naturales a contar desde la publicación del extracto en el Boletín Oficial del Estado.`,
    ],
  },
  {
    kind: 'minutes',
    language: 'en',
    name: 'Berkeley annotated agenda (action minutes)',
    pages: [
      `CITY OF BERKELEY
ANNOTATED AGENDA
BERKELEY CITY COUNCIL MEETING
Tuesday, February 28, 2023
Roll Call: 6:04 p.m. All present.
Action Calendar
1. Amendments to the Berkeley Municipal Code Chapter 12.70
Action: M/S/C (Harrison/Hahn) to adopt first reading of Ordinance No. 7,862-N.S.
Vote: All Ayes.
2. Budget Referral: Street Lighting
Action: M/S/C (Taplin/Kesarwani) to refer to the budget process.
Vote: Ayes – Kesarwani, Taplin, Bartlett, Harrison, Hahn, Wengraf, Robinson, Humbert, Arreguín; Noes – None.
Adjournment
Action: M/S/C (Arreguín/Hahn) to adjourn the meeting. Vote: All Ayes.
Adjourned at 10:47 p.m.`,
    ],
  },
  {
    kind: 'minutes',
    language: 'en',
    name: 'Vermont selectboard minutes with agenda headings',
    pages: [
      `TOWN OF BRATTLEBORO
SELECTBOARD MEETING
February 21, 2023
Present: Chair Elizabeth McLoughlin, Vice Chair Daniel Quipp, Board Members Franz Reichsman, Jessica Gelter.
Chair McLoughlin called the meeting to order at 6:15 PM.
CHANGES TO THE AGENDA
There were none.
APPROVE MINUTES – February 7, 2023
Quipp moved to approve the minutes, seconded by Reichsman. The motion passed 4-0.
NEW BUSINESS
A. Fire Department Ladder Truck Purchase
Gelter moved to authorize the purchase, seconded by Quipp. The motion passed unanimously.`,
    ],
  },
  {
    kind: 'report',
    language: 'en',
    name: 'Michigan annual comprehensive financial report',
    pages: [
      `CITY OF ANN ARBOR, MICHIGAN
ANNUAL COMPREHENSIVE FINANCIAL REPORT
For the Fiscal Year Ended June 30, 2022
Prepared by the Financial and Budget Planning Services Unit
INTRODUCTORY SECTION
Letter of Transmittal
December 15, 2022
To the Honorable Mayor, Members of City Council, and Citizens of the City of Ann Arbor:
State law requires that every general-purpose local government publish within six months of the close of each fiscal year a complete set of audited financial statements.`,
    ],
  },
  {
    kind: 'budget',
    language: 'en',
    name: 'Arizona city budget message',
    pages: [
      `BUDGET MESSAGE
To the Honorable Mayor and City Council:
I am pleased to present the Fiscal Year 2024 Proposed Budget for the City of Tempe. The General Fund budget totals $312.4 million, an increase of 4.1% over the current year. Revenues from sales tax are projected to grow 3%. The budget funds 12 new police officer positions and maintains the property tax rate at $2.16 per $100 of assessed value.`,
    ],
  },
  {
    kind: 'vote-record',
    language: 'en',
    name: 'California statement of votes cast',
    pages: [
      `STATEMENT OF VOTES CAST
Special Municipal Election – March 7, 2023
Precinct Registration Ballots Cast Yes No
Precinct 1 2,104 612 401 205
Precinct 2 1,988 540 322 214
Precinct 3 2,310 701 455 240
Total 6,402 1,853 1,178 659`,
    ],
  },
  {
    kind: 'notice',
    language: 'en',
    name: 'Connecticut notice of a cancelled meeting',
    pages: [
      `PUBLIC NOTICE
The regular meeting of the Zoning Board of Appeals scheduled for Thursday, May 11, 2023 has been cancelled due to lack of agenda items. The next regular meeting will be held on June 8, 2023 at 7:00 p.m. in the Town Hall auditorium.`,
    ],
  },
  {
    kind: 'agenda',
    language: 'en',
    name: 'California agenda with staff recommendations',
    pages: [
      `CITY OF SAN MATEO
CITY COUNCIL REGULAR MEETING
AGENDA
Monday, April 17, 2023 – 7:00 PM
CONSENT CALENDAR
1. Approval of Minutes
Recommendation: Approve the minutes of the April 3, 2023 City Council meeting.
2. Sewer Rehabilitation Project – Award of Contract
Recommendation: Adopt a Resolution awarding a contract to Ghilotti Bros. in the amount of $4,215,000.
PUBLIC HEARING
3. Short-Term Rental Ordinance
Recommendation: Introduce an ordinance amending Title 27 of the Municipal Code, waive further reading.
ADJOURNMENT`,
    ],
  },
  {
    kind: 'ordinance',
    language: 'fr',
    name: 'French délibération du conseil municipal',
    pages: [
      `DÉPARTEMENT DU FINISTÈRE
COMMUNE DE CROZON
DÉLIBÉRATION DU CONSEIL MUNICIPAL N° 2023-24
Séance du 30 mars 2023
Objet : Vote des taux d'imposition 2023
Nombre de conseillers en exercice : 27 – Présents : 22 – Votants : 26
Le Conseil municipal, après en avoir délibéré, à l'unanimité,
DÉCIDE de fixer les taux d'imposition pour 2023 comme suit : taxe foncière bâti 36,52 %, taxe foncière non bâti 48,10 %.
Ainsi fait et délibéré les jour, mois et an susdits.`,
    ],
  },
  {
    kind: 'minutes',
    language: 'es',
    name: 'Spanish acta de la junta de gobierno local',
    pages: [
      `ACTA DE LA SESIÓN ORDINARIA DE LA JUNTA DE GOBIERNO LOCAL
CELEBRADA EL DÍA 12 DE ABRIL DE 2023
Asistentes: Sr. Alcalde-Presidente D. Juan Pérez; Tenientes de Alcalde Dª María López y D. Luis García.
En Cuenca, siendo las 9:30 horas, se reúnen los señores arriba indicados.
1.- APROBACIÓN DEL ACTA DE LA SESIÓN ANTERIOR. Se aprueba por unanimidad.
2.- LICENCIAS DE OBRA. La Junta de Gobierno Local, por unanimidad, acuerda conceder las siguientes licencias.
Y no habiendo más asuntos, se levanta la sesión a las 10:15 horas.`,
    ],
  },
  {
    kind: 'decision',
    language: 'en',
    name: 'New Jersey administrative law initial decision',
    pages: [
      `STATE OF NEW JERSEY
OFFICE OF ADMINISTRATIVE LAW
INITIAL DECISION
OAL DKT. NO. EDS 01234-23
J.M. AND K.M. ON BEHALF OF A.M., Petitioners,
v.
MONTCLAIR TOWNSHIP BOARD OF EDUCATION, Respondent.
Record Closed: April 3, 2023  Decided: April 20, 2023
BEFORE JUDGE SARAH G. CROWLEY, ALJ:
STATEMENT OF THE CASE
Petitioners contend that the respondent failed to provide their child with a free appropriate public education.
FINDINGS OF FACT
Based on the testimony and the documentary evidence, I FIND the following as FACT.
ORDER
It is ORDERED that the petition is DISMISSED.`,
    ],
  },
  {
    kind: 'plan',
    language: 'en',
    name: 'Pennsylvania county hazard mitigation plan',
    pages: [
      `BUCKS COUNTY HAZARD MITIGATION PLAN
2023 Update
Section 1: Introduction
The purpose of this plan is to reduce loss of life and property from natural hazards.
Section 6: Mitigation Strategy
Goal 1: Protect life and property.
Objective 1.1: Reduce flood losses to repetitively flooded structures.
Action 1.1.1: Acquire and demolish 20 flood-prone homes.`,
    ],
  },
  {
    kind: 'report',
    language: 'es',
    name: 'Spanish fire service memoria anual',
    pages: [
      `MEMORIA ANUAL 2022
Servicio Municipal de Bomberos de Zaragoza
1. Introducción
Durante el año 2022 el servicio atendió 9.412 intervenciones, un 6 % más que en 2021.
2. Actividad
Incendios urbanos: 1.204. Rescates: 688. Salvamentos: 2.115.
3. Conclusiones
El tiempo medio de respuesta se redujo a 8 minutos y 40 segundos.`,
    ],
  },
  {
    kind: 'agenda',
    language: 'fr',
    name: 'French commission des finances ordre du jour',
    pages: [
      `COMMISSION DES FINANCES
Réunion du lundi 3 avril 2023 à 18 h 30
Ordre du jour :
– Compte administratif 2022
– Budget primitif 2023
– Subventions aux associations
– Questions diverses`,
    ],
  },
  {
    kind: 'ordinance',
    language: 'fr',
    name: 'Quebec extrait du procès-verbal (one resolution)',
    pages: [
      `EXTRAIT DU PROCÈS-VERBAL de la séance ordinaire du conseil municipal de la Ville de Rimouski tenue le 3 avril 2023
Résolution 2023-04-215
OCTROI DE CONTRAT – RÉFECTION DU BOULEVARD DE LA RIVIÈRE
IL EST PROPOSÉ par la conseillère Sandie Gagnon, appuyé par le conseiller Dave Dumas et résolu à l'unanimité que le conseil
octroie le contrat à Construction BML inc. au montant de 2 345 678,90 $.
Copie certifiée conforme`,
    ],
  },
  {
    kind: 'vote-record',
    language: 'en',
    name: 'US House roll call',
    pages: [
      `FINAL VOTE RESULTS FOR ROLL CALL 274
(Republicans in roman; Democrats in italic; Independents underlined)
H R 3746 YEA-AND-NAY 31-May-2023 9:08 PM
QUESTION: On Passage
BILL TITLE: Fiscal Responsibility Act of 2023
YEAS NAYS PRES NV
REPUBLICAN 149 71 0 2
DEMOCRATIC 165 46 0 2
TOTALS 314 117 0 4
---- YEAS 314 ----
Adams
Aderholt
Aguilar
Alford`,
    ],
  },
  {
    kind: 'ordinance',
    language: 'en',
    name: 'Ontario by-law',
    pages: [
      `THE CORPORATION OF THE CITY OF GUELPH
BY-LAW NUMBER (2023)-20789
A by-law to amend By-law Number (2002)-17017, as amended, being a by-law to regulate traffic.
WHEREAS section 11 of the Municipal Act, 2001 authorizes a municipality to pass by-laws respecting highways;
NOW THEREFORE THE COUNCIL OF THE CORPORATION OF THE CITY OF GUELPH ENACTS AS FOLLOWS:
1. That Schedule XV of By-law Number (2002)-17017 is amended by adding the following.
PASSED this TWENTY-FOURTH day of APRIL, 2023.`,
    ],
  },
  {
    kind: 'rule',
    language: 'en',
    name: 'Wisconsin emergency rule',
    pages: [
      `DEPARTMENT OF HEALTH SERVICES
EMERGENCY RULE
Chapter DHS 145, relating to communicable diseases
FINDING OF EMERGENCY
The Department of Health Services finds that an emergency exists and that the rule included in this order is necessary for the immediate preservation of the public health.
ORDER OF THE DEPARTMENT
The department orders the following emergency rule: SECTION 1. DHS 145.04 (1) (a) is amended to read:
This emergency rule shall take effect upon publication in the official state newspaper.`,
    ],
  },
  {
    kind: 'decision',
    language: 'en',
    name: 'Colorado utilities commission decision',
    pages: [
      `BEFORE THE PUBLIC UTILITIES COMMISSION OF THE STATE OF COLORADO
PROCEEDING NO. 22AL-0530E
IN THE MATTER OF ADVICE LETTER NO. 1906 - ELECTRIC FILED BY PUBLIC SERVICE COMPANY OF COLORADO
DECISION GRANTING APPLICATION FOR REHEARING, REARGUMENT, OR RECONSIDERATION
Mailed Date: May 3, 2023
Adopted Date: April 26, 2023
I. BY THE COMMISSION
A. Statement
1. Through this Decision, the Commission grants the application for rehearing.
II. ORDER
A. It Is Ordered That:
1. The application is granted, consistent with the discussion above.`,
    ],
  },
  {
    kind: 'notice',
    language: 'es',
    name: 'Spanish edicto for a tax roll',
    pages: [
      `AYUNTAMIENTO DE ALBACETE
EDICTO
Aprobado por Decreto de la Alcaldía el padrón fiscal del Impuesto sobre Vehículos de Tracción Mecánica correspondiente al ejercicio 2023, se expone al público por el plazo de quince días, durante los cuales los interesados podrán examinarlo y formular las reclamaciones que estimen oportunas.
El período de cobro en voluntaria será del 1 de abril al 31 de mayo de 2023.`,
    ],
  },
  {
    kind: 'budget',
    language: 'en',
    name: 'California school district budget summary',
    pages: [
      `PALO ALTO UNIFIED SCHOOL DISTRICT
2023-24 ADOPTED BUDGET SUMMARY
Unrestricted General Fund
Revenues
LCFF Sources 265,412,118
Federal Revenue 0
Other State Revenue 6,211,540
Other Local Revenue 12,904,332
Expenditures
Certificated Salaries 118,205,660
Classified Salaries 38,100,225
Employee Benefits 62,914,870
Ending Fund Balance 48,102,551`,
    ],
  },
  {
    kind: 'agenda',
    language: 'es',
    name: 'Spanish comisión informativa orden del día',
    pages: [
      `COMISIÓN INFORMATIVA DE HACIENDA Y ESPECIAL DE CUENTAS
Sesión ordinaria – 18 de abril de 2023 – 12:00 horas
ORDEN DEL DÍA:
Primero.- Aprobación, si procede, del acta de la sesión anterior.
Segundo.- Dictamen sobre la Cuenta General del ejercicio 2022.
Tercero.- Dictamen sobre la modificación de la Ordenanza fiscal del Impuesto sobre Bienes Inmuebles.
Cuarto.- Ruegos y preguntas.`,
    ],
  },
  {
    kind: 'minutes',
    language: 'fr',
    name: 'Quebec MRC procès-verbal with notices of motion',
    pages: [
      `MRC DES LAURENTIDES
Procès-verbal de la séance ordinaire du conseil de la MRC des Laurentides tenue le 20 avril 2023 à 19 h 30 à la salle du conseil.
Sont présents : M. Marc L'Heureux, préfet, et les maires et mairesses suivants : Mme Kathy Poulin, M. Luc Brisebois.
OUVERTURE DE LA SÉANCE
Le préfet déclare la séance ouverte à 19 h 30.
2023.04.8901 ADOPTION DE L'ORDRE DU JOUR
Il est proposé par Mme Kathy Poulin, appuyé par M. Luc Brisebois et résolu à l'unanimité d'adopter l'ordre du jour.
ADOPTÉE
2023.04.8902 AVIS DE MOTION – RÈGLEMENT 389-2023
Avis de motion est donné par M. Luc Brisebois qu'à une prochaine séance sera adopté le règlement 389-2023.`,
    ],
  },
  {
    kind: 'transcript',
    language: 'en',
    name: 'Chicago committee verbatim transcript',
    pages: [
      `CITY OF CHICAGO
VERBATIM TRANSCRIPT
COMMITTEE ON ZONING, LANDMARKS AND BUILDING STANDARDS
Tuesday, March 14, 2023
CHAIRMAN TUNNEY: Good morning. We are going to call the meeting to order. Madam Clerk, please call the roll.
THE CLERK: Alderman Tunney.
CHAIRMAN TUNNEY: Present.
ALDERMAN LOPEZ: Mr. Chairman, I move to approve the minutes of the last meeting.
CHAIRMAN TUNNEY: Alderman Lopez moves to approve. All in favor say aye.
(Chorus of ayes.)`,
    ],
  },
  {
    kind: 'report',
    language: 'en',
    name: 'Police department annual report',
    pages: [
      `SPRINGFIELD POLICE DEPARTMENT
2022 ANNUAL REPORT
Message from the Chief
I am proud to present the 2022 Annual Report. Violent crime fell 8 percent from 2021.
Calls for Service
Officers responded to 84,512 calls for service in 2022.
Traffic Safety
Fatal crashes decreased from 14 to 9.`,
    ],
  },
  {
    kind: 'plan',
    language: 'en',
    name: 'Colorado capital improvement program',
    pages: [
      `CITY OF BOULDER
2024-2029 CAPITAL IMPROVEMENT PROGRAM
Introduction
The Capital Improvement Program (CIP) is a six-year plan for public infrastructure projects.
Project: Arapahoe Avenue Reconstruction
Goal: Improve multimodal safety along the corridor.
Funding by year: 2024 $1,200,000; 2025 $3,400,000; 2026 $2,100,000
Project: Boulder Creek Path Lighting
Goal: Complete lighting of the path between 9th and 30th Streets.`,
    ],
  },
  {
    kind: 'table',
    language: 'es',
    name: 'Argentine cuadro estadístico',
    pages: [
      `Cuadro 4. Población por sexo según partido. Provincia de Buenos Aires. Año 2022
Partido Total Varones Mujeres
Adolfo Alsina 17.072 8.511 8.561
Adolfo Gonzales Chaves 12.438 6.120 6.318
Alberti 11.862 5.831 6.031
Almirante Brown 585.852 284.206 301.646
Avellaneda 369.943 175.012 194.931`,
    ],
  },
  {
    kind: 'minutes',
    language: 'en',
    name: 'New York town board minutes, one resolution after another',
    pages: [
      `TOWN OF BETHLEHEM
TOWN BOARD MEETING
April 12, 2023
Supervisor David VanLuven called the regular meeting to order at 6:00 p.m.
PRESENT: Supervisor VanLuven, Councilmembers Jurczynski, Kuhn, Leafer, Morelli
RESOLUTION 2023-118: AUTHORIZE PURCHASE OF DUMP TRUCK
RESOLVED, that the Town Board authorizes the purchase of one dump truck at a cost not to exceed $212,000.
Moved by Councilmember Kuhn, seconded by Councilmember Leafer. Adopted 5-0.
RESOLUTION 2023-119: APPOINT RECREATION AIDE
Moved by Councilmember Morelli, seconded by Councilmember Jurczynski. Adopted 5-0.`,
    ],
  },
  {
    kind: 'notice',
    language: 'en',
    name: 'Florida notice to creditors',
    pages: [
      `NOTICE TO CREDITORS
IN THE CIRCUIT COURT FOR PINELLAS COUNTY, FLORIDA
PROBATE DIVISION
File No. 23-002345-ES
IN RE: ESTATE OF MARGARET A. HOLLIS, Deceased.
The administration of the estate of Margaret A. Hollis, deceased, is pending in the Circuit Court for Pinellas County, Florida. All creditors of the decedent and other persons having claims or demands against decedent's estate must file their claims with this court WITHIN 3 MONTHS AFTER THE DATE OF THE FIRST PUBLICATION OF THIS NOTICE.`,
    ],
  },
];

/** A meeting packet: the agenda, then the minutes and reports it refers to, each opening its own pages. */
export const packetPages: string[] = [
  `VILLAGE OF GLEN ELLYN
VILLAGE BOARD OF TRUSTEES
REGULAR MEETING
Monday, May 8, 2023 – 7:00 p.m.
AGENDA
1. Call to Order
2. Roll Call
3. Pledge of Allegiance
4. Audience Participation
5. Consent Agenda
   a. Minutes of the April 24, 2023 Regular Meeting
   b. Payroll and Bill List for the Period Ending May 3, 2023
6. Ordinance 2023-18 Amending the Village Code Regarding Outdoor Dining
7. Adjournment`,
  `MINUTES OF THE REGULAR MEETING
OF THE VILLAGE BOARD OF TRUSTEES
April 24, 2023
President Senak called the meeting to order at 7:00 p.m.
Trustee Cooper moved, seconded by Trustee Kenny, to approve the consent agenda. Roll call vote:
Ayes: Trustees Cooper, Kenny, Enright, Friedberg. Nays: none. Motion carried.`,
  `The meeting was adjourned at 8:15 p.m.`,
  `PAYROLL AND BILL LIST
For the period ending May 3, 2023
Vendor Invoice Amount
Ace Hardware 40112 312.55
ComEd 88213 14,204.10
DuPage Water Commission 5531 118,420.00`,
  `Nicor Gas 77120 2,310.44
Total 135,247.09`,
  `AGENDA ITEM SUMMARY
TO: Village President and Board of Trustees
FROM: Planning and Development Director
SUBJECT: Outdoor dining regulations`,
  `The proposed changes extend the outdoor dining season to November 15.`,
  `ORDINANCE NO. 2023-18
AN ORDINANCE AMENDING TITLE 3 OF THE VILLAGE CODE
BE IT ORDAINED by the President and Board of Trustees of the Village of Glen Ellyn:
Section 1. Title 3, Chapter 5 is amended as follows.`,
  `Section 2. This ordinance shall be in full force and effect upon its passage and approval.`,
];
