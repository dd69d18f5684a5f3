def test_signed_out_user_is_null(client):
    # 200 with null, not a 401: a visitor's console shows no failed request (issue 16 item 11)
    response = client.get("/api/auth/user")
    assert response.status_code == 200
    assert response.get_json() is None
