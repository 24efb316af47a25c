from django import template

register = template.Library()


@register.filter
def sorted_join(values, sep=", "):
    """Join a set in a stable (sorted) order."""
    return sep.join(sorted(str(v) for v in values or ()))
