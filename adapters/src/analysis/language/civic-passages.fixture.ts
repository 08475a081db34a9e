/**
 * One real kind of civic text in four languages: the sidewalk cafe ordinance of the embedded analyzer's tests,
 * translated by hand (not machine output), with its figures, dates and section numbers left in.
 */
export const civicPassages = {
  en:
    'ORDINANCE NO. 2021-07. An ordinance regulating sidewalk cafes. The City Council finds that sidewalk cafes add to the ' +
    'life of downtown streets. Therefore every cafe that wishes to place tables and chairs on the sidewalk shall obtain ' +
    'an annual permit. The annual permit fee is $250, payable to the City Clerk no later than January 31, 2022. No person ' +
    'shall operate a sidewalk cafe without a permit. A violation is punishable by a fine of up to $500 for each day. The ' +
    'City Council will hold a public hearing on this ordinance on March 3, 2022 at 7:00 p.m. in the Council Chambers.',
  es:
    'ORDENANZA N.º 2021-07. Por la que se regulan las terrazas de cafeterías en las aceras. El Concejo Municipal considera ' +
    'que las terrazas en las aceras dan vida a las calles del centro. Por lo tanto, toda cafetería que desee colocar mesas ' +
    'y sillas en la acera deberá obtener un permiso anual. La tasa del permiso anual es de 250 dólares, pagadera a la ' +
    'Secretaría Municipal a más tardar el 31 de enero de 2022. Ninguna persona podrá operar una terraza sin permiso. Cada ' +
    'infracción se sancionará con una multa de hasta 500 dólares por día. El Concejo celebrará una audiencia pública ' +
    'sobre esta ordenanza el 3 de marzo de 2022 a las 19:00 horas en la Sala del Concejo.',
  fr:
    "ARRÊTÉ MUNICIPAL N° 2021-07 portant réglementation des terrasses de café sur les trottoirs. Le conseil municipal " +
    "considère que les terrasses animent les rues du centre-ville. En conséquence, tout exploitant de café qui souhaite " +
    "installer des tables et des chaises sur le trottoir doit obtenir une autorisation annuelle. La redevance annuelle " +
    "s'élève à 250 dollars, payable au greffe de la mairie au plus tard le 31 janvier 2022. Nul ne peut exploiter une " +
    "terrasse sans autorisation. Toute infraction est punie d'une amende pouvant aller jusqu'à 500 dollars par jour. Le " +
    'conseil tiendra une audience publique sur cet arrêté le 3 mars 2022 à 19 heures, dans la salle du conseil.',
  de:
    'SATZUNG NR. 2021-07 über die Nutzung von Gehwegen durch Straßencafés. Der Stadtrat stellt fest, dass Straßencafés ' +
    'die Straßen der Innenstadt beleben. Daher muss jedes Café, das Tische und Stühle auf dem Gehweg aufstellen möchte, ' +
    'eine jährliche Genehmigung beantragen. Die jährliche Gebühr beträgt 250 Dollar und ist bis spätestens 31. Januar ' +
    '2022 an die Stadtkasse zu zahlen. Niemand darf ein Straßencafé ohne Genehmigung betreiben. Jeder Verstoß wird mit ' +
    'einem Bußgeld von bis zu 500 Dollar pro Tag geahndet. Der Stadtrat wird am 3. März 2022 um 19 Uhr im Sitzungssaal ' +
    'eine öffentliche Anhörung zu dieser Satzung abhalten.',
} as const;
