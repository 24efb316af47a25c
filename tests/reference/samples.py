"""Small invented rules documents in the layouts of the real ones (the project holds no real rules text)."""

# Blank-line separated, markdown-ish, like the 2.13.0 CR text.
CR_MARKDOWN = """

Widget Game Comprehensive Rules

2099-1-1

9.9.9

Table of Contents

Preface\ti
1 Basics\t1
1.0 General\t1
1.1 Tables\t2
2 Pieces\t3
2.0 General\t3

TABLE OF CONTENTS

Glossary **9**

Preface

This preface says hello.

1. Basics

1.0. General

1.0.1. A widget is a small thing used in play.

1.0.1a A widget can be blue or green.^[2.0.1]

***Example:** A blue widget is still a widget, see [\\[1.0.1\\]](#).*

1.1. Tables

- 1.1.1. A table holds widgets.
- 1.1.1b A table may hold at most ten widgets.

3

2. Pieces

2.0. General

2.0.1. **Sprocket** Sprocket is a piece that turns.

2.0.2. A piece <script>alert(1)</script> is data.

Glossary

Widget A small thing used in play.^[1.0.1]

Table

- **furniture:** A thing that holds widgets.^[1.1.1]
- **zone:** The place where widgets rest.^[1.1]

Sprocket A piece that turns.^[2.0.1]

Spin again A keyword meaning the widget spins twice.^[2.0.1]

Loose Widget Unattached widget, found on the floor.^[1.0.1]

Wheel

- **part:** A round piece.^[2.0.1]

noun: The whole round thing.^[2.0.2]

Big Wheel / Small Wheel A pair of pieces.^[2.0.1]

Acknowledgments

Someone Nice
"""

# Hard-wrapped PDF extraction: page numbers, running headers, dot leaders, soft hyphens, broken words.
CR_PDF = """Preface
The widget game is played with widgets and sprockets on a flat table by two friendly
people.
i
Table of Contents
Preface i
1 Basics 1
1.0 General . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 1
1.1 Tables . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 2
Glossary 9
ii
1. Basics
1.0. General
1.0.1. A widget is a small thing used in play and it is always counted by the referee at the start of a game
and again at the end of the game, whichever comes first in the order of the long list of widget
events.
1.0.1a A widget can be blue or green, and a card\u0002pool may contain any number of widgets that the
players agree to bring to the table before the first turn of the game begins in earnest.
1
CHAPTER 1. BASICS
1.0.1b A widget that is lost is replaced by a spare widget taken from the box of spares kept under the
table by the organiser of the game who is also in charge of snacks, drinks, and acts as the ref-
eree for the evening.
1.1. Tables
1.1.1. A table holds widgets. (See Rule
1.0.1)
Example: A table with three widgets on it is a busy table and the players should be very careful with
their elbows at all times.
2
CHAPTER 1. BASICS
Glossary
Widget
A small thing used in play. (See Rule 1.0.1)
Table
A thing that holds widgets and also snacks when the widgets are away for the evening. (See Section
1.1 - Tables)
9
GLOSSARY
Zone
A named place. (See Rule 1.1.1)
"""

# Tournament-policy layout: numbered sections with prose, sub-sections and appendices.
TRP = """Widget Tournament Policy
Last updated 1 January 2099
Table of Contents
1 Events 1
1.1 Tiers . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 1
Appendix A - Clocks 5
iii
1. Events
1.1. Tiers
Events come in tiers. The tier of an event is the highest tier of any of its widget contests.
1.2. Clocks
Each round has a clock. The clock is started by the head referee.
Philosophy
Clocks keep the event moving.
2 Severity Table Row
1.2.1. Clock Extensions (5 minutes)
A referee may extend the clock.
2. Conduct
2.1. Snacks
Snacks are allowed between rounds.
Appendix A - Clocks
Rounds last fifty minutes.
Players\tMinutes\t
Up to 8\t50
9 or more\t55
"""

# Grand Archive layout: sections without trailing dots, lettered sub-sections, items, letters, romans.
GA = """

WIDGET ARCHIVE

Comprehensive Rules

Updated 1/1/99

Table of Contents

1. General Rules\t1
1.1 Objective\t1
1.7 Card Types\t9
1.7.h Supertypes\t12

1. General Rules

1.1 Objective

1. Widget Archive is played between two players.
2. The goal is to collect widgets.
 - a. A player who collects ten widgets wins.
 - b. If both players collect ten widgets at once, the game is a draw.
 - i. A draw is still a fine result.
 - ii. Nobody is sad after a draw.
 - c. Third letter.
 - d. Fourth letter.
 - e. Fifth letter.
 - f. Sixth letter.
 - g. Seventh letter.
 - h. Eighth letter.
 - i. Ninth letter, not a roman numeral.

1.7 Card Types

1.7.h Supertypes

1. Supertypes are listed first.
2. Regalia are supertypes.
3. Deck rules apply.
 - a. Each deck holds at most one copy of a regalia.

X. Glossary

X.A Keywords and Abilities

1. Spin
 - a. Spin is an ability that turns a widget.
2. Stop
 - a. Stop is an ability that halts a widget.
"""
