app_name = "tournament"
urlpatterns: list = []
