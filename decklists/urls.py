app_name = "decklists"
urlpatterns: list = []
