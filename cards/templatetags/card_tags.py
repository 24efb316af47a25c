import re

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

register = template.Library()

_BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
_ICONS = {
    "{r}": "resource",
    "{p}": "power",
    "{d}": "defense",
    "{i}": "intellect",
    "{h}": "life",
    "{c}": "chi",
    "{t}": "tap",
    "{u}": "untap",
}
_ICON_RE = re.compile("|".join(re.escape(k) for k in _ICONS))


@register.filter
def sorted_join(values, sep=", "):
    """Join a set in a stable (sorted) order."""
    return sep.join(sorted(str(v) for v in values or ()))


@register.filter
def card_text(text):
    """Card text as HTML: escaped, **bold** kept as <strong>, {r}/{p}/{d} icons spelled out,
    paragraphs on blank lines."""
    html: str = escape(text or "")
    html = _BOLD.sub(r"<strong>\1</strong>", html)
    html = _ICON_RE.sub(lambda m: f'<span class="icon">{_ICONS[m.group(0)]}</span>', html)
    paras = [p.strip().replace("\n", "<br>") for p in re.split(r"\n\s*\n", html) if p.strip()]
    return mark_safe("".join(f"<p>{p}</p>" for p in paras))


@register.filter
def status_label(status):
    return str(status).replace("_", " ")
