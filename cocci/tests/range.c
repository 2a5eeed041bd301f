// Inputs for uaccess_range.cocci: constant size mismatches visible in the source.
struct frame { u32 a; u32 b; struct { u64 x; u64 y; } uc; char retcode[8]; };

int wide_cast(u32 __user *p, u64 v)
{
	if (!user_write_access_begin(p, sizeof(u32)))
		return -EFAULT;
	unsafe_put_user(v, (u64 __user *)p, efault);	/* range: 8 > 4 */
	unsafe_put_user(1, (u32 __user *)p, efault);	/* fine */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int long_copy(void __user *p, const void *src)
{
	if (!user_write_access_begin(p, 16))
		return -EFAULT;
	unsafe_copy_to_user(p, src, 32, efault);	/* range: 32 > 16 */
	unsafe_copy_to_user(p, src, 16, efault);	/* fine */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int other_member(struct frame __user *f)
{
	if (!user_write_access_begin(&f->uc, sizeof(f->uc)))
		return -EFAULT;
	unsafe_put_user(1, &f->uc.x, efault);		/* fine: inside uc */
	unsafe_put_user(2, &f->b, efault);		/* range: b is outside uc */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int first_member_size(struct frame __user *f)
{
	if (!user_read_access_begin(f, sizeof(f->a)))
		return -EFAULT;
	unsafe_get_user(x, &f->a, efault);		/* fine */
	unsafe_get_user(x, &f->b, efault);		/* range: only a was checked */
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}

int whole_object(struct frame __user *f)
{
	if (!user_write_access_begin(f, sizeof(*f)))
		return -EFAULT;
	unsafe_put_user(1, &f->a, efault);		/* fine */
	unsafe_put_user(0, (u64 __user *)f->retcode, efault);	/* fine: size unknown */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* 7.x: a scope with a size checks that many bytes */
int scoped_size(u32 __user *p, u64 v)
{
	scoped_user_write_access_size(p, sizeof(u32), efault) {
		unsafe_put_user(1, (u32 __user *)p, efault);	/* fine */
		unsafe_put_user(v, (u64 __user *)p, efault);	/* range: 8 > 4 */
	}
	return 0;
efault:
	return -EFAULT;
}
