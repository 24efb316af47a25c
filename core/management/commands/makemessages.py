"""Django's makemessages, also reading the pure engines' sentences.

The engines (``rules_engine``) write their findings with ``say(template, ...)`` and
``say_n(singular, plural, count, ...)`` (``rules_engine.wording``) and never import gettext; these
two names are added as xgettext keywords so their templates land in the catalogues like any
marked string, and a page renders the stored template in the reader's language
(``core.i18n.engine_words``).
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=say", "--keyword=say_n:1,2"]
