0C{"email":"customer@fuzz.test","password":"correct horse"}
