/* inputs for uaccess_nesting.cocci */

int scoped_ok(struct pair __user *p, u32 v)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(v, &p->a, efault);
		unsafe_put_user(v, &p->b, efault);
	}
	return 0;
efault:
	return -EFAULT;
}

/* scopes and get/put_user_inline() do not nest */
int scoped_nested(struct pair __user *p, u32 __user *q)
{
	u32 v;

	scoped_user_read_access(p, efault) {
		unsafe_get_user(v, &p->a, efault);
		if (put_user_inline(v, q))		/* region: inside the scope */
			return -EFAULT;
		unsafe_get_user(v, &p->b, efault);
	}
	return 0;
efault:
	return -EFAULT;
}

int inline_in_region(struct pair __user *p, u32 __user *q)
{
	u32 v;

	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(v, &p->a, efault);
	if (get_user_inline(v, q))		/* region: inside an open region */
		goto efault;
	unsafe_get_user(v, &p->b, efault);
	user_read_access_end();
	return v;
efault:
	user_read_access_end();
	return -EFAULT;
}

/* get_user_inline() on its own is a complete access */
int inline_alone(u32 __user *q)
{
	u32 v;

	return get_user_inline(v, q) ?: v;
}

int scoped_in_scope(struct pair __user *p, u32 __user *q)
{
	u32 v;

	scoped_user_read_access(p, efault) {
		unsafe_get_user(v, &p->a, efault);
		scoped_user_write_access(q, efault)	/* region: a scope inside a scope */
			unsafe_put_user(v, q, efault);
	}
	return 0;
efault:
	return -EFAULT;
}

int end_in_scope(struct pair __user *p)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(1, &p->a, efault);
		user_write_access_end();		/* region: the scope ends it itself */
		unsafe_put_user(2, &p->b, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
