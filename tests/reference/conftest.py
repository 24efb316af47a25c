import pytest

from reference.services import import_rules_document
from tests.reference import samples


@pytest.fixture
def sample_documents(db):
    """The invented documents imported as CR 9.9.9 (current), CR old, TR&P 2099 and GA 2099."""
    cr = import_rules_document(samples.CR_MARKDOWN, kind="cr", version="9.9.9", make_current=True).document
    old = import_rules_document(samples.CR_PDF, kind="cr", version="old", make_current=False).document
    trp = import_rules_document(samples.TRP, kind="trp", version="2099").document
    ga = import_rules_document(samples.GA, kind="ga", version="2099").document
    return {"cr": cr, "old": old, "trp": trp, "ga": ga}
