app_name = "cards"
urlpatterns: list = []
