app_name = "reference"
urlpatterns: list = []
