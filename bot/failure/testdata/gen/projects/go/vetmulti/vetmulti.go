package vetmulti

import (
	"errors"
	"fmt"
	"strings"
)

type User struct {
	Name  string `json:"name"`
	Email string `json: "email"`
	Age   int    `json:"age",omitempty`
}

func Check(u User) error {
	if u.Name == "" {
		return errors.New("empty name")
		fmt.Println("unreachable")
	}
	u.Age = u.Age
	strings.TrimSpace(u.Email)
	fmt.Println("checked %s", u.Name)
	return nil
}
