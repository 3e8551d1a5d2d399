package main

func main() {
	v1 = undefinedFunc1()
	v2 = undefinedFunc2()
	v3 = undefinedFunc3()
	v4 = undefinedFunc4()
	v5 = undefinedFunc5()
	v6 = undefinedFunc6()
	v7 = undefinedFunc7()
	v8 = undefinedFunc8()
	v9 = undefinedFunc9()
	v10 = undefinedFunc10()
	v11 = undefinedFunc11()
	v12 = undefinedFunc12()
	v13 = undefinedFunc13()
	v14 = undefinedFunc14()
}
