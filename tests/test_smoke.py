def test_signed_out_user_is_401(client):
    response = client.get("/api/auth/user")
    assert response.status_code == 401
    assert "Unauthorized" in response.get_data(as_text=True)
